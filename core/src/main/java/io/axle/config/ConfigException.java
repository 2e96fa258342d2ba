package io.axle.config;

import java.util.List;

/**
 * Configuration that cannot be used. Carries every problem found, so that one failed start tells the
 * operator everything to fix instead of one problem per attempt.
 */
public final class ConfigException extends RuntimeException {

  private final List<String> problems;

  public ConfigException(List<String> problems) {
    super(message(problems));
    this.problems = List.copyOf(problems);
  }

  public ConfigException(String problem) {
    this(List.of(problem));
  }

  public ConfigException(String problem, Throwable cause) {
    super(message(List.of(problem)), cause);
    this.problems = List.of(problem);
  }

  /** One line per problem, each naming the key, the value, what was expected and where it came from. */
  public List<String> problems() {
    return problems;
  }

  private static String message(List<String> problems) {
    if (problems.isEmpty()) {
      throw new IllegalArgumentException("a ConfigException needs at least one problem");
    }
    return "Invalid configuration:\n  " + String.join("\n  ", problems);
  }
}
