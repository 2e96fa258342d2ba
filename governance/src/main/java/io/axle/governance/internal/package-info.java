/** The policies {@link io.axle.governance.GovernancePolicies} makes; not API. */
package io.axle.governance.internal;
