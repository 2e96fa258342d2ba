package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.testing.AxleExtension;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

/**
 * microservice.yaml (test resources) joins the Environment below application.yml, environment variables,
 * system properties and --key=value; the AxleConfig bean is read from it with each value's source.
 */
@Tag("slow")
class EnvironmentConfigTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void microserviceYaml_reachesAxleConfigAndTheEnvironment() {
    try (ConfigurableApplicationContext context = Apps.run(runtimes, App.class)) {
      AxleConfig config = context.getBean(AxleConfig.class);

      assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("yaml-service");
      assertThat(config.sourceOf("axle.service.name")).startsWith("microservice.yaml (file:")
          .endsWith("test-classes/microservice.yaml)");
      // Written servicecomb.request.timeout there.
      assertThat(config.get(CoreConfigKeys.REQUEST_TIMEOUT)).isEqualTo(Duration.ofSeconds(20));
      assertThat(context.getEnvironment().getProperty("greeting")).isEqualTo("from-microservice-yaml");
    }
  }

  @Test
  void applicationYaml_overridesMicroserviceYaml_andItsListsArriveAsCommaLists() {
    try (ConfigurableApplicationContext context = Apps.run(runtimes, App.class, "--spring.config.name=override")) {
      AxleConfig config = context.getBean(AxleConfig.class);

      assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("from-application-yml");
      assertThat(config.sourceOf("axle.service.name"))
          .startsWith("Config resource 'class path resource [override.yml]'");
      assertThat(config.getMostSpecific(CoreConfigKeys.REGISTRY_LOCAL, "other-service"))
          .containsExactly("highway://127.0.0.1:1", "rest://127.0.0.1:2");
      assertThat(context.getEnvironment().getProperty("greeting")).isEqualTo("from-application-yml");
      // Keys application.yml leaves alone still come from microservice.yaml.
      assertThat(config.get(CoreConfigKeys.REQUEST_TIMEOUT)).isEqualTo(Duration.ofSeconds(20));
    }
  }

  @Test
  void commandLineArguments_overrideApplicationYaml() {
    try (ConfigurableApplicationContext context = Apps.run(runtimes, App.class, "--spring.config.name=override",
        "--axle.service.name=from-args", "--axle.registry.local.other-service=highway://127.0.0.1:3")) {
      AxleConfig config = context.getBean(AxleConfig.class);

      assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("from-args");
      assertThat(config.sourceOf("axle.service.name")).isEqualTo("commandLineArgs");
      // A list replaced whole, not merged element by element with the lower source's.
      assertThat(config.getMostSpecific(CoreConfigKeys.REGISTRY_LOCAL, "other-service"))
          .containsExactly("highway://127.0.0.1:3");
    }
  }

  @Test
  void servicecombSpelling_inAHigherSource_overridesTheAxleSpellingInALowerOne() {
    try (ConfigurableApplicationContext context = Apps.run(runtimes, App.class, "--servicecomb.service.name=alias-name",
        "--servicecomb.request.timeout=7000")) {
      AxleConfig config = context.getBean(AxleConfig.class);

      assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("alias-name");
      assertThat(config.get(CoreConfigKeys.REQUEST_TIMEOUT)).isEqualTo(Duration.ofSeconds(7));
      assertThat(config.getRaw("servicecomb.service.name")).contains("alias-name");
    }
  }

  @Test
  void environmentVariables_areFoundByTheirUpperCaseNames() {
    Map<String, Object> variables = Map.of("AXLE_SERVICE_NAME", "from-env",
        "AXLE_HIGHWAY_CLIENT_THREAD_COUNT", "2");
    try (ConfigurableApplicationContext context = Apps.builder(runtimes, App.class)
        .initializers(app -> app.getEnvironment().getPropertySources().addBefore(
            StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
            new SystemEnvironmentPropertySource("testEnvironment", variables)))
        .run()) {
      AxleConfig config = context.getBean(AxleConfig.class);

      assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("from-env");
      assertThat(config.getRaw("axle.highway.client.thread-count")).contains("2");
      assertThat(config.sourceOf("axle.service.name")).startsWith("testEnvironment");
    }
  }

  @Test
  void defaultProperties_stayBelowMicroserviceYaml() {
    try (ConfigurableApplicationContext context = Apps.builder(runtimes, App.class)
        .properties("axle.service.name=from-defaults", "axle.shutdown.timeout=3s").run()) {
      AxleConfig config = context.getBean(AxleConfig.class);

      assertThat(config.get(CoreConfigKeys.SERVICE_NAME)).isEqualTo("yaml-service");
      assertThat(config.get(CoreConfigKeys.SHUTDOWN_TIMEOUT)).isEqualTo(Duration.ofSeconds(3));
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class App {
  }
}
