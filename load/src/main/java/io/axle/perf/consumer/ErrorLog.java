package io.axle.perf.consumer;

import java.io.PrintStream;
import java.util.Set;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

/**
 * Prints the first few distinct error messages once each. Under load one failure cause repeats
 * thousands of times a second; printing each would drown the window lines and slow the driver itself.
 */
final class ErrorLog {
  static final int MAX_DISTINCT = 5;

  private final PrintStream err;
  private final Set<String> seen = ConcurrentHashMap.newKeySet();

  ErrorLog(PrintStream err) {
    this.err = err;
  }

  void report(Throwable error) {
    if (seen.size() >= MAX_DISTINCT) {
      return;
    }
    String message = describe(error);
    if (seen.add(message)) {
      err.println("call failed: " + message + (seen.size() == MAX_DISTINCT ? " (further distinct errors not shown)" : ""));
    }
  }

  /** The cause a caller would care about: futures wrap it once or twice. */
  static String describe(Throwable error) {
    Throwable cause = error;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    String message = cause.getMessage();
    return cause.getClass().getSimpleName() + (message == null ? "" : ": " + message);
  }
}
