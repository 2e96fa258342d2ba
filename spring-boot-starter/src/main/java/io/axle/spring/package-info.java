/**
 * Axle in a Spring Boot application: annotate beans to serve them ({@link io.axle.spring.RpcSchema},
 * {@link io.axle.spring.RestSchema}), annotate fields or setters to call other services
 * ({@link io.axle.spring.RpcReference}), and reach the running runtime through
 * {@link io.axle.spring.AxleRuntimeHolder}. The starter only auto-configures: the runtime is still built
 * by {@link io.axle.Axle#builder()}, from the Spring {@code Environment} (which {@code microservice.yaml}
 * joins) and the application's beans. See docs/spring-boot.md.
 */
package io.axle.spring;
