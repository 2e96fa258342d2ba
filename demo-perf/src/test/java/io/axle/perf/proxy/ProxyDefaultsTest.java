package io.axle.perf.proxy;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.AxleConfig;
import io.axle.spring.internal.MicroserviceYamlEnvironmentPostProcessor;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.bootstrap.DefaultBootstrapContext;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.event.ApplicationEnvironmentPreparedEvent;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/** The proxy's ports beat the jar's producer defaults, and lose to what the user writes. */
class ProxyDefaultsTest {
  private static final String PREFIX = MicroserviceYamlEnvironmentPostProcessor.SOURCE_PREFIX;

  @Test
  void proxyPorts_overrideTheJarsMicroserviceYaml() {
    StandardEnvironment environment = environmentWith(
        new MapPropertySource(PREFIX + "(jar:file:/perf.jar!/BOOT-INF/classes!/microservice.yaml)",
            Map.of("axle.highway.address", "0.0.0.0:7070", "axle.rest.address", "0.0.0.0:8080")));

    assertThat(environment.getProperty("axle.highway.address")).isEqualTo("0.0.0.0:7072");
    assertThat(environment.getProperty("axle.rest.address")).isEqualTo("0.0.0.0:8082");
  }

  @Test
  void theWorkingDirectorysMicroserviceYaml_andTheCommandLine_overrideTheProxyPorts() {
    String workingDirectory = PREFIX + "(" + Path.of(AxleConfig.FILE_NAME).toAbsolutePath().normalize() + ")";
    StandardEnvironment environment = environmentWith(
        new MapPropertySource(workingDirectory, Map.of("axle.highway.address", "0.0.0.0:9000")),
        new MapPropertySource(PREFIX + "(file:/classes/microservice.yaml)",
            Map.of("axle.highway.address", "0.0.0.0:7070", "axle.rest.address", "0.0.0.0:8080")));
    environment.getPropertySources().addFirst(new MapPropertySource("commandLineArgs",
        Map.of("axle.rest.address", "127.0.0.1:0")));

    assertThat(environment.getProperty("axle.highway.address")).isEqualTo("0.0.0.0:9000");
    assertThat(environment.getProperty("axle.rest.address")).isEqualTo("127.0.0.1:0");
  }

  private static StandardEnvironment environmentWith(MapPropertySource... microserviceYamls) {
    StandardEnvironment environment = new StandardEnvironment();
    for (MapPropertySource source : microserviceYamls) {
      environment.getPropertySources().addLast(source);
    }
    new ProxyDefaults().onApplicationEvent(new ApplicationEnvironmentPreparedEvent(new DefaultBootstrapContext(),
        new SpringApplication(), new String[0], environment));
    return environment;
  }
}
