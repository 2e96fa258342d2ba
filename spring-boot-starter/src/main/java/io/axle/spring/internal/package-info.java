/**
 * How the starter works, not for applications to use: the auto-configuration, the {@code Environment}
 * post-processor that adds {@code microservice.yaml}, the reading of the Environment into an
 * {@link io.axle.config.AxleConfig} (with a Boot application's defaults: its name, Axle's REST port beside
 * a web server), the lifecycle that starts and stops the runtime, the lazy proxies behind
 * {@link io.axle.spring.RpcReference}, the report of a failed start, and, with Actuator, the health
 * component and the {@code axle} endpoint.
 */
package io.axle.spring.internal;
