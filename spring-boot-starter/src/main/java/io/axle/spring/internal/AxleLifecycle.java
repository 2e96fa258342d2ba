package io.axle.spring.internal;

import io.axle.Axle;
import io.axle.Filter;
import io.axle.InvocationListener;
import io.axle.config.AxleConfig;
import io.axle.executor.AxleExecutor;
import io.axle.metrics.AxleMetrics;
import io.axle.metrics.MetricsConfigKeys;
import io.axle.metrics.observation.AxleObservations;
import io.axle.spring.AxleBuilderCustomizer;
import io.axle.spring.AxleRuntimeHolder;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.observation.ObservationRegistry;
import java.time.Duration;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.SmartLifecycle;

/**
 * Builds and starts the runtime once the context is refreshed, and stops it first when the context
 * closes, so that schema beans, and the beans their calls use, are all alive while Axle serves.
 *
 * <p>Start: schema beans, filter, listener and executor beans, metrics and customizers go into one
 * {@link Axle#builder()}; the runtime starts; then every {@code @RpcReference} is bound, and one that
 * names an unknown service or schema fails the start. Stop: {@link Axle#stop()} waits up to
 * {@code axle.shutdown.timeout} for calls in flight, then fails what is left with a reason.
 */
final class AxleLifecycle implements SmartLifecycle, AxleRuntimeHolder {

  /** Late start, early stop: after other lifecycle beans (say a web server) start, before they stop. */
  static final int PHASE = Integer.MAX_VALUE - 1024;

  private static final Logger log = LoggerFactory.getLogger(AxleLifecycle.class);

  private final AxleConfig config;
  private final ConfigurableListableBeanFactory beanFactory;
  private final RpcReferenceInjector references;
  /** Spring's Environment as a source of live changes: watched when axle.config.environment-watch.enabled. */
  private final io.axle.config.ConfigSource environmentSource;
  private volatile Axle axle;
  private volatile AxleMetrics metrics;
  private volatile State state = State.NOT_STARTED;

  /** Where the runtime is in its life, for health: stopping is not the same as never started. */
  enum State {
    NOT_STARTED, RUNNING, STOPPING, STOPPED
  }

  AxleLifecycle(AxleConfig config, ConfigurableListableBeanFactory beanFactory, RpcReferenceInjector references,
      io.axle.config.ConfigSource environmentSource) {
    this.environmentSource = environmentSource;
    this.config = config;
    this.beanFactory = beanFactory;
    this.references = references;
  }

  @Override
  public synchronized void start() {
    if (axle != null) {
      return;
    }
    Axle.Builder builder = Axle.builder().config(config).configSource(environmentSource);
    // Outermost of the filters: one span per call, the application's filters and retries inside it.
    observations(builder);
    for (SchemaBean schema : SchemaBean.collect(beanFactory)) {
      schema.register(builder);
    }
    beanFactory.getBeanProvider(Filter.class).orderedStream().forEach(builder::filter);
    beanFactory.getBeanProvider(InvocationListener.class).orderedStream().forEach(builder::listener);
    beanFactory.getBeansOfType(AxleExecutor.class).forEach((name, executor) -> executor(builder, name, executor));
    AxleMetrics newMetrics = metrics(builder);
    beanFactory.getBeanProvider(AxleBuilderCustomizer.class).orderedStream().forEach(c -> c.customize(builder));
    Axle started;
    try {
      started = builder.start();
    } catch (RuntimeException e) {
      closeQuietly(newMetrics);
      throw e;
    }
    try {
      if (newMetrics != null) {
        newMetrics.start(started);
      }
      references.bind(started);
    } catch (RuntimeException e) {
      // Nothing has been served for long: no grace to give.
      references.unbind("the Axle runtime failed to start");
      started.stop(Duration.ZERO);
      closeQuietly(newMetrics);
      throw e;
    }
    metrics = newMetrics;
    axle = started;
    state = State.RUNNING;
  }

  @Override
  public synchronized void stop() {
    Axle running = axle;
    if (running == null) {
      return;
    }
    state = State.STOPPING;
    // References stay bound meanwhile: calls in flight on this side may still need them to finish.
    running.stop();
    references.unbind("the Axle runtime of this application context is stopped");
    closeQuietly(metrics);
    metrics = null;
    axle = null;
    state = State.STOPPED;
  }

  State state() {
    return state;
  }

  /** The running runtime, or null. */
  Axle runningOrNull() {
    return axle;
  }

  /** The running runtime's metrics, or null (not running, or metrics off). */
  AxleMetrics metricsOrNull() {
    return metrics;
  }

  @Override
  public java.util.Optional<AxleMetrics> metrics() {
    return java.util.Optional.ofNullable(axle == null ? null : metrics);
  }

  @Override
  public boolean isRunning() {
    return axle != null;
  }

  @Override
  public int getPhase() {
    return PHASE;
  }

  @Override
  public Axle axle() {
    Axle running = axle;
    if (running == null) {
      throw new IllegalStateException("Axle runtime: not running (expected: use it once the application context "
          + "has been refreshed, e.g. from an ApplicationRunner, and before it closes)");
    }
    return running;
  }

  private static void executor(Axle.Builder builder, String beanName, AxleExecutor executor) {
    try {
      builder.executor(beanName, executor);
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("AxleExecutor bean '" + beanName + "': " + e.getMessage()
          + "; the bean name is the executor's name", e);
    }
  }

  /**
   * Calls become Observations of the application's ObservationRegistry, if it has exactly one (Boot makes
   * one with Actuator); with Micrometer Tracing they are spans of the application's traces.
   */
  private void observations(Axle.Builder builder) {
    if (config.get(MetricsConfigKeys.OBSERVATION_ENABLED)) {
      AxleObservations.install(builder, beanFactory.getBeanProvider(ObservationRegistry.class).getIfUnique(),
          config.get(MetricsConfigKeys.OBSERVATION_STAGES));
    }
  }

  /** Metrics join the application's MeterRegistry if it has exactly one (or a primary one). */
  private AxleMetrics metrics(Axle.Builder builder) {
    if (!config.get(MetricsConfigKeys.ENABLED)) {
      return null;
    }
    MeterRegistry registry = beanFactory.getBeanProvider(MeterRegistry.class).getIfUnique();
    AxleMetrics created = registry != null ? AxleMetrics.create(config, registry) : AxleMetrics.create(config);
    created.install(builder);
    return created;
  }

  private static void closeQuietly(AxleMetrics metrics) {
    if (metrics == null) {
      return;
    }
    try {
      metrics.close();
    } catch (RuntimeException e) {
      log.warn("closing Axle metrics failed: {}", e.toString());
    }
  }
}
