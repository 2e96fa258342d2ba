package io.axle.spring;

import io.axle.registry.Endpoint;
import io.axle.testing.AxleExtension;
import java.util.Arrays;
import java.util.stream.Collectors;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;

/** Starts test applications as Spring Boot would, without a web server; microservice.yaml puts Axle on loopback. */
final class Apps {

  private Apps() {
  }

  static SpringApplicationBuilder builder(Class<?>... sources) {
    return new SpringApplicationBuilder(sources).web(WebApplicationType.NONE).bannerMode(Banner.Mode.OFF)
        .logStartupInfo(false);
  }

  static ConfigurableApplicationContext run(Class<?> source, String... args) {
    return builder(source).run(args);
  }

  /**
   * As {@link #builder(Class[])}, with {@code runtimes}' books listener as a bean, which the starter adds to the
   * application's runtime like any listener bean: the books of its calls are checked after the test.
   */
  static SpringApplicationBuilder builder(AxleExtension runtimes, Class<?>... sources) {
    return builder(sources).initializers(books(runtimes, sources.length == 0 ? "application" : sources[0].getSimpleName()));
  }

  /** Registers {@code runtimes}' books listener as a bean of the application, for a builder a test makes itself. */
  static ApplicationContextInitializer<ConfigurableApplicationContext> books(AxleExtension runtimes, String label) {
    return context -> context.getBeanFactory().registerSingleton("axleExtensionBooks", runtimes.listener(label));
  }

  /** As {@link #run(Class, String...)}, keeping books through {@code runtimes}. */
  static ConfigurableApplicationContext run(AxleExtension runtimes, Class<?> source, String... args) {
    return builder(runtimes, source).run(args);
  }

  /** The messages of a failure and its causes, one per line: what Spring Boot prints as "Caused by". */
  static String messages(Throwable failure) {
    StringBuilder messages = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause()) {
      messages.append(t.getMessage()).append('\n');
    }
    return messages.toString();
  }

  /** Where the context's runtime listens for {@code transport}, read through the exposed runtime. */
  static Endpoint endpoint(ConfigurableApplicationContext context, String transport) {
    return context.getBean(AxleRuntimeHolder.class).axle().endpoint(transport).orElseThrow();
  }

  /** A registry entry for the provider context: {@code transport://127.0.0.1:port} for each transport. */
  static String registryEntry(ConfigurableApplicationContext provider, String... transports) {
    return Arrays.stream(transports)
        .map(transport -> transport + "://127.0.0.1:" + endpoint(provider, transport).port())
        .collect(Collectors.joining(","));
  }
}
