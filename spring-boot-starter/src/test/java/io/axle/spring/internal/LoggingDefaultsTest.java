package io.axle.spring.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringApplication;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

/** The starter's log levels for ZooKeeper's client and Curator are defaults: any level the application sets wins. */
class LoggingDefaultsTest {

  @Test
  void theLevels_areTheLowestSource_soTheApplicationsOwnWin() {
    StandardEnvironment environment = new StandardEnvironment();
    environment.getPropertySources().addFirst(new MapPropertySource("applicationConfig",
        Map.of("logging.level.org.apache.zookeeper.ClientCnxn", "WARN")));

    new AxleDefaultsEnvironmentPostProcessor().postProcessEnvironment(environment, new SpringApplication());

    assertThat(environment.getProperty("logging.level.org.apache.zookeeper.ClientCnxn")).isEqualTo("WARN");
    assertThat(environment.getProperty("logging.level.org.apache.curator.ConnectionState")).isEqualTo("OFF");
    assertThat(environment.getPropertySources().stream().reduce((a, b) -> b).orElseThrow().getName())
        .isEqualTo(AxleDefaultsEnvironmentPostProcessor.SOURCE_NAME);
  }
}
