package io.axle.spring.internal;

import io.axle.AxleException;
import io.axle.config.ConfigException;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;

/**
 * Reports an application that failed to start because of Axle as Boot reports its own failures: one
 * description and one action, instead of a stack of exceptions that each repeat the message of the
 * one they wrap (a bean that failed to be created, the runtime that failed to start, the cause).
 *
 * <p>The description is the message of the outermost exception Axle threw, which has the context
 * (the reference, the bean, the key and where its value came from); the action is the fix its
 * {@code (expected: …)} part names. Failures Axle did not raise (an exception from application code,
 * even one thrown while Axle called it) are left to Boot and the other analyzers.
 */
final class AxleFailureAnalyzer implements FailureAnalyzer {
  private static final String EXPECTED = "(expected: ";
  private static final int MAX_DEPTH = 32;
  private static final String DOCS = "docs/configuration.md lists every key, its default and its values; "
      + "docs/spring-boot.md describes the starter.";

  @Override
  public FailureAnalysis analyze(Throwable failure) {
    Throwable axle = outermostAxleFailure(failure);
    if (axle == null) {
      return null;
    }
    String description = axle.getMessage();
    return new FailureAnalysis(description, action(description), failure);
  }

  private static Throwable outermostAxleFailure(Throwable failure) {
    Throwable t = failure;
    for (int depth = 0; t != null && depth < MAX_DEPTH; depth++, t = t.getCause()) {
      if (t.getMessage() != null && raisedByAxle(t)) {
        return t;
      }
    }
    return null;
  }

  /** Axle's own exception types, or a JDK one made in Axle's code (its innermost frame is Axle's). */
  private static boolean raisedByAxle(Throwable t) {
    if (t instanceof ConfigException || t instanceof AxleException) {
      return true;
    }
    StackTraceElement[] frames = t.getStackTrace();
    return frames.length > 0 && frames[0].getClassName().startsWith("io.axle.")
        && (t instanceof IllegalStateException || t instanceof IllegalArgumentException);
  }

  /** What the message expects instead, when it says so once; else where the keys are described. */
  static String action(String message) {
    int start = message.indexOf(EXPECTED);
    if (start < 0 || message.indexOf(EXPECTED, start + 1) >= 0) {
      return "Correct the Axle configuration or code named above. " + DOCS;
    }
    int depth = 1;
    int end = start + EXPECTED.length();
    for (; end < message.length() && depth > 0; end++) {
      char c = message.charAt(end);
      if (c == '(') {
        depth++;
      } else if (c == ')') {
        depth--;
      }
    }
    String expected = message.substring(start + EXPECTED.length(), depth == 0 ? end - 1 : end);
    boolean ended = expected.endsWith(".") || expected.endsWith("?") || expected.endsWith("!");
    return "Expected: " + expected + (ended ? " " : ". ") + DOCS;
  }
}
