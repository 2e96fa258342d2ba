/**
 * How the starter works, not for applications to use: the auto-configuration, the {@code Environment}
 * post-processor that adds {@code microservice.yaml}, the reading of the Environment into an
 * {@link io.axle.config.AxleConfig}, the lifecycle that starts and stops the runtime, and the lazy proxies
 * behind {@link io.axle.spring.RpcReference}.
 */
package io.axle.spring.internal;
