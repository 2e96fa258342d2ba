package io.axle.spring;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.axle.testing.LogCapture;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.slf4j.LoggerFactory;

/**
 * What Logback's console appender (Boot's default logging) writes to System.out during each test, for tests of
 * Boot's own logging. Skips the test, with the reason, where SLF4J's binding is not Logback: the module's
 * {@code logback} test execution runs these tests, the others log through slf4j-simple.
 */
final class LogbackConsole implements BeforeEachCallback, AfterEachCallback {
  private final LogCapture capture = LogCapture.standardOut();

  @Override
  public void beforeEach(ExtensionContext context) {
    assumeTrue(LoggerFactory.getILoggerFactory().getClass().getName().startsWith("ch.qos.logback"),
        "needs Logback as SLF4J's binding: run by the module's logback execution (mvn test runs it)");
    capture.install();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    capture.uninstall();
  }

  /** Everything written since the test began. */
  String text() {
    return capture.text();
  }

  /** Where the console ends now, for {@link #since}. */
  int mark() {
    return capture.mark();
  }

  /** What was written after {@code mark}. */
  String since(int mark) {
    return capture.since(mark);
  }
}
