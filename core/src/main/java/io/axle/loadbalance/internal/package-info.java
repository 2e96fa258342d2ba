/** The built-in load balancers, by their names in {@code axle.loadbalance.strategy}. */
package io.axle.loadbalance.internal;
