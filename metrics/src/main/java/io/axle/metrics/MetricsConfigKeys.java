package io.axle.metrics;

import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeyProvider;
import java.time.Duration;
import java.util.List;

/**
 * The keys the metrics module reads, registered through {@link java.util.ServiceLoader} so that strict
 * configuration validation knows them. The window length itself is core's
 * {@link io.axle.config.CoreConfigKeys#METRICS_WINDOW_TIME}.
 */
public final class MetricsConfigKeys implements ConfigKeyProvider {

  /** Read by applications that install metrics (the perf demo), so metrics can be switched off to measure their cost. */
  public static final ConfigKey<Boolean> ENABLED = ConfigKey.booleanKey("axle.metrics.enabled", true,
      "Whether the application installs the metrics listener, endpoints and windows at all.");

  /** Off by default: an application asks for a log line per second; the perf demo does. */
  public static final ConfigKey<Boolean> LOG_ENABLED = ConfigKey.booleanKey(
      "axle.metrics.publisher.defaultLog.enabled", false,
      "Whether each metrics window is logged (logger io.axle.metrics, INFO).").live();

  /**
   * Off by default: the port that serves RPC traffic exposes no metrics unless asked, and then only
   * Axle's own registry, never an application's.
   */
  public static final ConfigKey<Boolean> PROMETHEUS_ENABLED = ConfigKey.booleanKey(
      "axle.metrics.prometheus.enabled", false,
      "Whether the REST port serves Axle's meters in the Prometheus text format at GET /metrics. Only when "
          + "the meters are in Axle's own registry; an application's registry is exported by the application "
          + "(with Actuator, /actuator/prometheus).");

  /** On by default, like GET /metrics/window beside it; off for a production port that should serve RPC only. */
  public static final ConfigKey<Boolean> DASHBOARD_ENABLED = ConfigKey.booleanKey(
      "axle.metrics.dashboard.enabled", true,
      "Whether the REST port serves the live dashboard at GET /axle/dashboard and the last five minutes of "
          + "windows at GET /metrics/windows.");

  /** On where an application has an ObservationRegistry (the Spring Boot starter); no registry, no cost. */
  public static final ConfigKey<Boolean> OBSERVATION_ENABLED = ConfigKey.booleanKey(
      "axle.observation.enabled", true,
      "Whether calls are Micrometer Observations (spans, with a tracing bridge) when the application has an "
          + "ObservationRegistry; false leaves them out.");

  /** Off by default: a dozen attributes more on every span. */
  public static final ConfigKey<Boolean> OBSERVATION_STAGES = ConfigKey.booleanKey(
      "axle.observation.stages", false,
      "Whether each call's span also carries the time of each stage it went through, as axle.stage.<name>.us "
          + "attributes.");

  public static final ConfigKey<Boolean> LOG_DETAIL = ConfigKey.booleanKey(
      "axle.metrics.endpoints.client.detail.enabled", false,
      "Whether the metrics log also prints each operation's stage breakdown and every executor pool.").live();

  public static final ConfigKey<Boolean> CONSUMER_SLOW_ENABLED = ConfigKey.booleanKey(
      "axle.metrics.Consumer.invocation.slow.enabled", false,
      "Whether a consumer call slower than axle.metrics.Consumer.invocation.slow.msTime is logged with its stages.").live();

  public static final ConfigKey<Duration> CONSUMER_SLOW_TIME = ConfigKey.durationKey(
      "axle.metrics.Consumer.invocation.slow.msTime", Duration.ofSeconds(1),
      "How long a consumer call must take to be logged as slow.").live();

  public static final ConfigKey<Boolean> PROVIDER_SLOW_ENABLED = ConfigKey.booleanKey(
      "axle.metrics.Provider.invocation.slow.enabled", false,
      "Whether a provider call slower than axle.metrics.Provider.invocation.slow.msTime is logged with its stages.").live();

  public static final ConfigKey<Duration> PROVIDER_SLOW_TIME = ConfigKey.durationKey(
      "axle.metrics.Provider.invocation.slow.msTime", Duration.ofSeconds(1),
      "How long a provider call must take to be logged as slow.").live();

  private static final List<ConfigKey<?>> KEYS = List.of(ENABLED, LOG_ENABLED, PROMETHEUS_ENABLED, DASHBOARD_ENABLED, OBSERVATION_ENABLED, OBSERVATION_STAGES, LOG_DETAIL,
      CONSUMER_SLOW_ENABLED, CONSUMER_SLOW_TIME, PROVIDER_SLOW_ENABLED, PROVIDER_SLOW_TIME);

  /** Public for {@link java.util.ServiceLoader}; the keys themselves are the constants. */
  public MetricsConfigKeys() {
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return KEYS;
  }
}
