/**
 * The runtime's machinery: chains, proxies, method invokers, the local registry, and the timing
 * wheel the transports keep their calls' deadlines on. Not API: it changes without notice.
 */
package io.axle.internal;
