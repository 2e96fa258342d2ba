package io.axle.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class YamlSyntaxErrorTest {

  @TempDir
  Path dir;

  @Test
  void syntaxErrorNamesTheFileAndTheLine() throws IOException {
    Path file = Files.writeString(dir.resolve("microservice.yaml"), """
        axle:
          service:
            name: perf
          highway: [unclosed
        sync: true
        """);

    ConfigException e = catchThrowableOfType(ConfigException.class,
        () -> AxleConfig.builder().yamlFile(file).build());

    assertThat(e.problems()).hasSize(1);
    assertThat(e.problems().get(0))
        .startsWith("microservice.yaml (" + file.toAbsolutePath() + "): YAML syntax error at line 5,");
  }

  @Test
  void badIndentationIsReportedAtItsLine() {
    ConfigException e = catchThrowableOfType(ConfigException.class, () -> AxleConfig.builder().yaml("""
        axle:
          service:
            name: perf
           bad: indentation
        """, "inline.yaml"));

    assertThat(e.problems().get(0)).startsWith("inline.yaml: YAML syntax error at line 4,");
  }

  @Test
  void topLevelThatIsNotAMappingIsRejected() {
    ConfigException e = catchThrowableOfType(ConfigException.class,
        () -> AxleConfig.builder().yaml("- just\n- a list\n", "list.yaml"));

    assertThat(e.problems().get(0))
        .isEqualTo("list.yaml: invalid configuration YAML at line 1, column 1: the top level must map keys to values");
  }
}
