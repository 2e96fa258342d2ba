/**
 * The runtime's machinery: chains, proxies, method invokers, the local registry. Not API: it
 * changes without notice.
 */
package io.axle.internal;
