package io.axle.perf;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import java.util.List;
import java.util.Locale;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginLookup;
import org.springframework.core.env.CommandLinePropertySource;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The demo's configuration: the starter's {@link AxleConfig} (every {@code axle.*} key, validated) plus the
 * demo's own top-level keys ({@code sync-count}, {@code duration}, …), which the starter does not read
 * because they are not under {@code axle.}. Both come from the Spring Environment, so
 * {@code microservice.yaml}, {@code application.yml}, environment variables, {@code -D} and
 * {@code --key=value} work for them alike. A demo key keeps a description of where its value came from in
 * the spelling the demo printed before Spring ({@code from command line --sync-count=abc}), because a bad
 * value's message ends with it.
 */
public record PerfConfig(AxleConfig config) {

  /** The demo's keys read here; {@code loopback} is not among them: the mode comes from the command line. */
  static final List<ConfigKey<?>> DEMO_KEYS = List.of(PerfKeys.SYNC, PerfKeys.SYNC_COUNT, PerfKeys.SYNC_THREADS,
      PerfKeys.PAYLOAD, PerfKeys.ASYNC_COUNT,
      PerfKeys.REQUEST_SIZE, PerfKeys.RESPONSE_SIZE, PerfKeys.DURATION, PerfKeys.WARMUP, PerfKeys.JSON,
      PerfKeys.REPORT, PerfKeys.RPS, PerfKeys.RPS_MAX_IN_FLIGHT, PerfKeys.LONG_TAIL_RATIO, PerfKeys.LONG_TAIL_DELAY, PerfKeys.ECHO_DELAY,
      PerfKeys.PROXY_TARGET, PerfKeys.LOOPBACK_PROXY, PerfKeys.LOOPBACK_PRODUCERS, PerfKeys.LOOPBACK_ZOOKEEPER,
      PerfKeys.LOOPBACK_STOP_ONE_AFTER, PerfKeys.LOOPBACK_STOP_ONE_SIGNAL, PerfKeys.BASELINE_ENABLED, PerfKeys.BASELINE_ADDRESS, PerfKeys.BASELINE_HAND_OFF,
      PerfKeys.BASELINE_REST_ADDRESS, PerfKeys.BASELINE, PerfKeys.BASELINE_REST, PerfKeys.REST_CLIENT, PerfKeys.PRODUCER_WAIT, PerfKeys.DASHBOARD,
      PerfKeys.DASHBOARD_ADDRESS, PerfKeys.WARMUP_MAX, PerfKeys.CONSUMER_METRICS, PerfKeys.CONTROL_ADDRESS,
      PerfKeys.TUNE_CONTROL, PerfKeys.TUNE_LIVE, PerfKeys.LOOPBACK_CHANGE_AFTER, PerfKeys.LOOPBACK_CHANGE,
      PerfKeys.LOOPBACK_CHANGE_REPEAT);

  /**
   * Switches given as a bare {@code --baseline} (or {@code --dashboard}): Spring reads that as an empty value, the demo (like
   * {@code --loopback}) as true.
   */
  private static final List<ConfigKey<?>> FLAGS = List.of(PerfKeys.BASELINE, PerfKeys.BASELINE_REST, PerfKeys.DASHBOARD);

  public static PerfConfig from(AxleConfig axleConfig, ConfigurableEnvironment environment) {
    AxleConfig.Builder builder = AxleConfig.builder();
    for (String key : axleConfig.keys()) {
      builder.put(key, axleConfig.getRaw(key).orElseThrow(), axleConfig.sourceOf(key));
    }
    for (ConfigKey<?> key : DEMO_KEYS) {
      PropertySource<?> source = highestSourceOf(environment, key.name());
      String value = source == null ? null : environment.getProperty(key.name());
      if (value != null && value.isEmpty() && FLAGS.contains(key) && source instanceof CommandLinePropertySource<?>) {
        value = "true";
      }
      if (value != null) {
        builder.put(key.name(), value, describe(source, key.name(), value));
      }
    }
    return new PerfConfig(builder.build());
  }

  private static PropertySource<?> highestSourceOf(ConfigurableEnvironment environment, String name) {
    for (PropertySource<?> source : environment.getPropertySources()) {
      // The attached adapter repeats every other source under relaxed names and would hide which one it was.
      if (!ConfigurationPropertySources.isAttachedConfigurationPropertySource(source)
          && source.containsProperty(name)) {
        return source;
      }
    }
    return null;
  }

  private static String describe(PropertySource<?> source, String name, String value) {
    if (source instanceof CommandLinePropertySource<?>) {
      return "command line --" + name + "=" + value;
    }
    if (StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME.equals(source.getName())) {
      return "system property " + name;
    }
    if (StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME.equals(source.getName())) {
      String variable = name.toUpperCase(Locale.ROOT).replace('.', '_').replace('-', '_');
      return "environment variable " + (source.getProperty(variable) != null ? variable : name);
    }
    Origin origin = OriginLookup.getOrigin(source, name);
    return origin == null || source.getName().contains(origin.toString()) ? source.getName()
        : source.getName() + " (" + origin + ")";
  }
}
