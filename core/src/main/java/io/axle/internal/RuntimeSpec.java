package io.axle.internal;

import io.axle.Filter;
import io.axle.InvocationListener;
import io.axle.config.AxleConfig;
import io.axle.executor.AxleExecutor;
import io.axle.loadbalance.LoadBalancer;
import io.axle.registry.Registry;
import io.axle.transport.HttpEndpoint;
import io.axle.transport.TransportFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * What {@link io.axle.Axle.Builder} records and {@link AxleRuntime#start} builds a runtime from:
 * the builder's state, so that one does not pass the other a long list of positional arguments.
 * Filled by one thread, then read once at start.
 */
public final class RuntimeSpec {
  /** A provider as the builder recorded it; no transports means every one. */
  public record ProviderRegistration(String schemaId, Class<?> schemaInterface, Object implementation,
      List<String> transports) {
  }

  /** Null until set: {@link AxleConfig#load(String...)} with no arguments then. */
  public AxleConfig config;
  /** Null until set: the registry {@code axle.registry.type} names then, which the runtime closes. */
  public Registry registry;
  /** Null unless set: Vert.x's metrics SPI for the runtime's Vert.x instance. */
  public io.vertx.core.spi.VertxMetricsFactory vertxMetrics;
  public final List<ProviderRegistration> providers = new ArrayList<>();
  public final List<Filter> consumerFilters = new ArrayList<>();
  public final List<Filter> providerFilters = new ArrayList<>();
  public final List<InvocationListener> listeners = new ArrayList<>();
  public final List<HttpEndpoint> httpEndpoints = new ArrayList<>();
  public final Map<String, AxleExecutor> executors = new LinkedHashMap<>();
  public final Map<String, Supplier<? extends LoadBalancer>> loadBalancers = new LinkedHashMap<>();
  /** Null but in the tests that check the chains described are the chains walked ({@link LinkObserver}). */
  public LinkObserver linkObserver;
  /** Empty: the transports found with {@link java.util.ServiceLoader}. */
  public final List<TransportFactory> transports = new ArrayList<>();
  /** Sources of configuration changes besides those found with {@link java.util.ServiceLoader}. */
  public final List<io.axle.config.ConfigSource> configSources = new ArrayList<>();
}
