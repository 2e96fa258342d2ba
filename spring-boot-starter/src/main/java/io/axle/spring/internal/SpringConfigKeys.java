package io.axle.spring.internal;

import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeyProvider;
import java.time.Duration;
import java.util.List;

/** The keys only the Spring Boot starter reads: how it watches Spring's {@code Environment}. */
public final class SpringConfigKeys implements ConfigKeyProvider {
  public static final ConfigKey<Boolean> ENVIRONMENT_WATCH = ConfigKey.booleanKey(
      "axle.config.environment-watch.enabled", false,
      "Spring Boot: reads the axle.* keys of Spring's Environment again every axle.config.environment-watch.interval "
          + "while the application runs and applies what changed since the start (a property source whose values "
          + "change: one the application updates, a configtree mount read on each access, a refresh). Off by "
          + "default: Boot's own property sources do not change after start (docs/live-configuration.md).");

  public static final ConfigKey<Duration> ENVIRONMENT_WATCH_INTERVAL = ConfigKey.durationKey(
      "axle.config.environment-watch.interval", Duration.ofSeconds(1), Duration.ofMillis(50),
      "How often axle.config.environment-watch.enabled reads Spring's Environment for changes.");

  /** For {@link java.util.ServiceLoader}. */
  public SpringConfigKeys() {
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return List.of(ENVIRONMENT_WATCH, ENVIRONMENT_WATCH_INTERVAL);
  }
}
