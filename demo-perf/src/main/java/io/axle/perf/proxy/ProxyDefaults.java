package io.axle.perf.proxy;

import io.axle.config.AxleConfig;
import io.axle.spring.internal.MicroserviceYamlEnvironmentPostProcessor;
import java.nio.file.Path;
import java.util.Map;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.boot.env.DefaultPropertiesPropertySource;
import org.springframework.context.ApplicationListener;
import org.springframework.core.Ordered;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;

/**
 * The proxy's own listening addresses, {@value #HIGHWAY_ADDRESS} and {@value #REST_ADDRESS}, so that it runs
 * next to a producer on 7070 / 8080 on one machine. They must beat the producer's defaults in the jar's
 * {@code microservice.yaml} but lose to everything the user writes, {@code ./microservice.yaml} included, so
 * they go right above the class-path {@code microservice.yaml} files; Spring's {@code defaultProperties} sit
 * below those and could not do it.
 */
final class ProxyDefaults implements ApplicationListener<ApplicationEnvironmentPreparedEvent>, Ordered {
  static final String HIGHWAY_ADDRESS = "0.0.0.0:7072";
  static final String REST_ADDRESS = "0.0.0.0:8082";
  static final String SOURCE_NAME = "perf proxy defaults";

  @Override
  public void onApplicationEvent(ApplicationEnvironmentPreparedEvent event) {
    MutablePropertySources sources = event.getEnvironment().getPropertySources();
    PropertySource<?> defaults = new MapPropertySource(SOURCE_NAME,
        Map.of("axle.highway.address", HIGHWAY_ADDRESS, "axle.rest.address", REST_ADDRESS));
    // The starter names its microservice.yaml sources this way; the working directory's is the user's.
    String prefix = MicroserviceYamlEnvironmentPostProcessor.SOURCE_PREFIX;
    String workingDirectoryFile = prefix + "(" + Path.of(AxleConfig.FILE_NAME).toAbsolutePath().normalize() + ")";
    for (PropertySource<?> source : sources) {
      if (source.getName().startsWith(prefix) && !source.getName().equals(workingDirectoryFile)) {
        sources.addBefore(source.getName(), defaults);
        return;
      }
    }
    if (sources.contains(DefaultPropertiesPropertySource.NAME)) {
      sources.addBefore(DefaultPropertiesPropertySource.NAME, defaults);
    } else {
      sources.addLast(defaults);
    }
  }

  /** After the starter's post-processor has added the microservice.yaml sources this is placed against. */
  @Override
  public int getOrder() {
    return Ordered.LOWEST_PRECEDENCE;
  }
}
