package io.axle.spring.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.config.HostAndPort;
import io.axle.highway.HighwayConfigKeys;
import io.axle.rest.RestConfigKeys;
import java.util.ArrayList;
import java.util.List;
import org.springframework.context.ApplicationContext;
import org.springframework.core.env.Environment;

/**
 * Axle's listeners beside a Boot application's web server. Axle's REST server usually takes 8080,
 * which is also the web server's ({@code server.port}); Boot starts its web server first, so Axle's
 * start would fail on a busy port. So with a web server Axle's REST default moves
 * ({@link EnvironmentConfig#WEB_APPLICATION_REST_ADDRESS}), and an Axle address set to the web
 * server's or the management server's port fails while the context is made, naming both keys,
 * before anything listens.
 */
final class WebServerPorts {
  /** The web server application contexts of Boot 4 and of Boot 3, by name: neither is a dependency of the starter. */
  private static final List<String> WEB_SERVER_CONTEXTS = List.of(
      "org.springframework.boot.web.server.context.WebServerApplicationContext",
      "org.springframework.boot.web.context.WebServerApplicationContext");
  private static final int BOOT_DEFAULT_PORT = 8080;

  private WebServerPorts() {
  }

  /** True when {@code context} runs an embedded web server (servlet or reactive). */
  static boolean hasWebServer(ApplicationContext context) {
    for (Class<?> type = context.getClass(); type != null; type = type.getSuperclass()) {
      if (implementsWebServerContext(type)) {
        return true;
      }
    }
    return false;
  }

  private static boolean implementsWebServerContext(Class<?> type) {
    for (Class<?> contract : type.getInterfaces()) {
      if (WEB_SERVER_CONTEXTS.contains(contract.getName()) || implementsWebServerContext(contract)) {
        return true;
      }
    }
    return false;
  }

  /** Fails when an Axle server address has the web server's or the management server's port. */
  static void checkNoClash(AxleConfig config, Environment environment) {
    int webPort = environment.getProperty("server.port", Integer.class, BOOT_DEFAULT_PORT);
    Integer managementPort = environment.getProperty("management.server.port", Integer.class);
    List<String> clashes = new ArrayList<>();
    for (ConfigKey<HostAndPort> key : List.of(RestConfigKeys.ADDRESS, HighwayConfigKeys.ADDRESS)) {
      HostAndPort address = config.get(key);
      if (address.port() <= 0) {
        continue;
      }
      if (address.port() == webPort) {
        clashes.add(clash(config, key, address, "the web server's port, server.port: " + webPort));
      } else if (managementPort != null && address.port() == managementPort) {
        clashes.add(clash(config, key, address, "the management server's port, management.server.port: "
            + managementPort));
      }
    }
    if (!clashes.isEmpty()) {
      throw new IllegalStateException(String.join("\n", clashes));
    }
  }

  private static String clash(AxleConfig config, ConfigKey<HostAndPort> key, HostAndPort address, String other) {
    String usual = key == RestConfigKeys.ADDRESS
        ? "without " + key.name() + ", Axle's REST server listens on " + EnvironmentConfig.WEB_APPLICATION_REST_ADDRESS
            + " in an application with a web server"
        : "its default is " + key.defaultDescription();
    return key.name() + ": " + address + " (" + config.origin(key.name()) + ") is also " + other
        + " (expected: a port of its own; " + usual + ")";
  }
}
