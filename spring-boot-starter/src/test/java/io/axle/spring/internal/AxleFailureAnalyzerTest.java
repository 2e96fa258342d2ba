package io.axle.spring.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.ConfigException;
import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.core.io.support.SpringFactoriesLoader;

/** Which failures the analyzer claims, and what it makes of their messages. */
class AxleFailureAnalyzerTest {
  private final AxleFailureAnalyzer analyzer = new AxleFailureAnalyzer();

  @Test
  void isRegisteredWithBoot() {
    // Boot's own analyzers want constructor arguments only Boot gives: the ones that cannot be made here are skipped.
    List<FailureAnalyzer> analyzers = SpringFactoriesLoader.forDefaultResourceLocation().load(FailureAnalyzer.class,
        null, SpringFactoriesLoader.FailureHandler.handleMessage((message, failure) -> { }));
    assertThat(analyzers).hasAtLeastOneElementOfType(AxleFailureAnalyzer.class);
  }

  @Test
  void anAxleFailureWrappedByABean_isDescribedByAxlesMessage_andItsExpectedPartIsTheAction() {
    ConfigException bad = badConfiguration();
    BeanCreationException wrapped = new BeanCreationException("axleConfig", "Error creating bean: " + bad.getMessage(), bad);

    FailureAnalysis analysis = analyzer.analyze(wrapped);

    assertThat(analysis).isNotNull();
    assertThat(analysis.getDescription()).isEqualTo(bad.getMessage());
    assertThat(analysis.getAction()).startsWith("Expected: a duration such as");
    assertThat(analysis.getCause()).isSameAs(wrapped);
  }

  @Test
  void aFailureAxleDidNotRaise_isLeftToBoot() {
    Throwable notAxles = catchNumberFormat();
    assertThat(analyzer.analyze(notAxles)).isNull();
    assertThat(analyzer.analyze(new BeanCreationException("someBean", "Error creating bean", notAxles))).isNull();
  }

  @Test
  void theAction_isTheExpectedPart_orAPointerToTheDocsWhenThereIsNoneOrSeveral() {
    assertThat(AxleFailureAnalyzer.action("x: 1 (expected: an integer (>= 2)) — from args"))
        .startsWith("Expected: an integer (>= 2). docs/configuration.md");
    assertThat(AxleFailureAnalyzer.action("no hint here")).startsWith("Correct the Axle configuration");
    assertThat(AxleFailureAnalyzer.action("a (expected: 1)\nb (expected: 2)")).startsWith("Correct the Axle configuration");
  }

  private static ConfigException badConfiguration() {
    try {
      AxleConfig.builder().put("axle.request.timeout", "soon", "test").build().get(CoreConfigKeys.REQUEST_TIMEOUT);
    } catch (ConfigException e) {
      return e;
    }
    throw new AssertionError("axle.request.timeout: soon was accepted");
  }

  private static Throwable catchNumberFormat() {
    try {
      return new IllegalStateException(String.valueOf(Integer.parseInt("not a number")));
    } catch (NumberFormatException e) {
      return e;
    }
  }
}
