package io.axle.spring.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.rest.RestConfigKeys;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/**
 * The defaults a Boot application gets from its own settings: the service's name from
 * {@code spring.application.name}, and Axle's REST port moved off the web server's 8080.
 */
class BootDefaultsTest {

  @Test
  void theServiceName_isSpringApplicationName_unlessAxleServiceNameIsSet() {
    AxleConfig named = EnvironmentConfig.read(environment(Map.of("spring.application.name", "orders")), false);
    assertThat(named.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("orders");
    assertThat(named.sourceOf("axle.service.name")).isEqualTo("spring.application.name in app");

    AxleConfig both = EnvironmentConfig.read(environment(Map.of("spring.application.name", "orders",
        "axle.service.name", "billing")), false);
    assertThat(both.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("billing");

    AxleConfig servicecomb = EnvironmentConfig.read(environment(Map.of("spring.application.name", "orders",
        "servicecomb.service.name", "legacy")), false);
    assertThat(servicecomb.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("legacy");

    AxleConfig neither = EnvironmentConfig.read(environment(Map.of()), false);
    assertThat(neither.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("axle-service");
  }

  @Test
  void theRestAddress_is7080InAnApplicationWithAWebServer_unlessSet() {
    AxleConfig web = EnvironmentConfig.read(environment(Map.of()), true);
    assertThat(web.get(RestConfigKeys.ADDRESS).toString()).isEqualTo("0.0.0.0:7080");
    assertThat(web.sourceOf("axle.rest.address")).contains("web server");

    AxleConfig set = EnvironmentConfig.read(environment(Map.of("axle.rest.address", "0.0.0.0:9090")), true);
    assertThat(set.get(RestConfigKeys.ADDRESS).toString()).isEqualTo("0.0.0.0:9090");

    AxleConfig plain = EnvironmentConfig.read(environment(Map.of()), false);
    assertThat(plain.get(RestConfigKeys.ADDRESS).toString()).isEqualTo("0.0.0.0:8080");
  }

  private static StandardEnvironment environment(Map<String, Object> properties) {
    StandardEnvironment environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("app", properties));
    return environment;
  }
}
