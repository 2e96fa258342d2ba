package io.axle.spring;

import io.axle.Axle;

/**
 * A bean that adjusts the runtime's {@link Axle.Builder} before it starts, for what neither configuration
 * nor the beans the starter picks up express: a consumer-only or provider-only filter, a registry, an
 * explicit transport, an extra HTTP endpoint. Called after the starter has added schemas, filters,
 * listeners, executors and metrics, in {@code @Order} order.
 */
@FunctionalInterface
public interface AxleBuilderCustomizer {
  void customize(Axle.Builder builder);
}
