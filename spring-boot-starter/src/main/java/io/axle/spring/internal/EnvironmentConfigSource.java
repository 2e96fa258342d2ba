package io.axle.spring.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigSource;
import io.axle.config.PolledLayer;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Spring's {@code Environment} as a source of changes ({@code axle.config.environment-watch.enabled}): its
 * {@code axle.*} keys are read again every {@code axle.config.environment-watch.interval}, as the start read them
 * ({@link EnvironmentConfig}: the same names, spellings and precedence), and what differs from the start becomes the
 * layer of the source {@value #SOURCE} ({@link PolledLayer}). Polling, because plain Boot publishes no event when a
 * property source changes.
 *
 * <p>The keys are read as text, not validated: the runtime validates a change as it does any other, so a bad value
 * or a restart-only key is refused with one WARN and kept as the last refused change.
 */
final class EnvironmentConfigSource implements ConfigSource {
  static final String SOURCE = "environment";

  private final ConfigurableEnvironment environment;
  private final boolean webServer;

  EnvironmentConfigSource(ConfigurableEnvironment environment, boolean webServer) {
    this.environment = environment;
    this.webServer = webServer;
  }

  @Override
  public Watch watch(Context context) {
    AxleConfig config = context.config();
    if (!config.get(SpringConfigKeys.ENVIRONMENT_WATCH)) {
      return null;
    }
    return PolledLayer.every(config.get(SpringConfigKeys.ENVIRONMENT_WATCH_INTERVAL), "axle-config-environment",
        context, SOURCE, () -> EnvironmentConfig.texts(environment, webServer));
  }
}
