/**
 * The proxy side of perf.jar ({@code java -jar perf.jar --proxy}), the tRPC benchmark's proxy mode: a producer
 * that serves {@code PerfService} as {@code perf-proxy} and answers each call by calling the same operation
 * on the downstream service {@code proxy.target} (default {@code perf1}), so that client -> proxy -> server
 * can be measured with each executor kind on the proxy. {@link io.axle.perf.proxy.PerfProxy} is the
 * forwarding bean, {@link io.axle.perf.proxy.ProxyTarget} the validated downstream,
 * {@link io.axle.perf.proxy.Proxy} the running application and its ready line.
 */
package io.axle.perf.proxy;
