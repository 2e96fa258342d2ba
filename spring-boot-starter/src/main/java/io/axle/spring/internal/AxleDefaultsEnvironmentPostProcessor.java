package io.axle.spring.internal;

import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * Axle's defaults for Boot's own properties, as the lowest property source of all: an application's own
 * setting (application.yml, {@code defaultProperties}, anything) wins.
 *
 * <p>{@code management.endpoint.axle.access: read-only}: the {@code axle} endpoint's write operation changes
 * the running configuration ({@code POST /actuator/axle/config}), so it is off until the application grants
 * it as Boot grants any endpoint's ({@code management.endpoint.axle.access: unrestricted}), behind whatever
 * secures its management port.
 *
 * <p>It also quiets what ZooKeeper's client and Curator log about a registry they cannot reach, as Boot quiets noisy
 * libraries of its own: while ZooKeeper is away, its client logs a warning with a stack trace for each
 * reconnect attempt (about one a second: 126 lines in a 13-second outage) and Curator an error for each
 * connection timeout, in every application of the fleet at once. Axle's registry logs the outage itself,
 * once when it starts and once when it ends (docs/registry.md, "Logs"), so these say nothing more.
 *
 * <p>The levels are the lowest property source of all: an application's own {@code logging.level.*}
 * (application.yml, {@code defaultProperties}, anything) wins. Their INFO lines (a dump of the client's
 * environment at each start) go too; their warnings and errors about anything else stay.
 */
public final class AxleDefaultsEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

  /** The name of the property source, last in the Environment. */
  public static final String SOURCE_NAME = "axleDefaults";

  /** The levels set, by logging key. */
  static final Map<String, Object> LEVELS = Map.of(
      "logging.level.org.apache.zookeeper", "WARN",
      "logging.level.org.apache.zookeeper.ClientCnxn", "ERROR",
      "logging.level.org.apache.curator", "WARN",
      "logging.level.org.apache.curator.ConnectionState", "OFF");

  /** Every default set: the levels, and the {@code axle} endpoint's access. */
  static final Map<String, Object> DEFAULTS = defaults();

  private static Map<String, Object> defaults() {
    Map<String, Object> all = new java.util.LinkedHashMap<>(LEVELS);
    all.put("management.endpoint.axle.access", "read-only");
    return Map.copyOf(all);
  }

  @Override
  public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
    if (!environment.getPropertySources().contains(SOURCE_NAME)) {
      environment.getPropertySources().addLast(new MapPropertySource(SOURCE_NAME, DEFAULTS));
    }
  }

  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
