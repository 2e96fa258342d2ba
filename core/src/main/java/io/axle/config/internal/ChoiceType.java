package io.axle.config.internal;

import java.util.List;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * One of a fixed set of words, or, when {@code otherwise} is set, any identifier naming something
 * registered at run time (e.g. a named executor), which cannot be checked when the configuration loads.
 */
public record ChoiceType(List<String> allowed, String otherwise) implements ValueType<String> {

  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_.-]*");

  public ChoiceType {
    allowed = List.copyOf(allowed);
    if (allowed.isEmpty()) {
      throw new IllegalArgumentException("a choice needs at least one allowed value");
    }
  }

  public ChoiceType orNamed(String what) {
    return new ChoiceType(allowed, Objects.requireNonNull(what));
  }

  @Override
  public String parse(String text) {
    String value = text.strip();
    for (String candidate : allowed) {
      if (candidate.equalsIgnoreCase(value)) {
        return candidate;
      }
    }
    if (otherwise != null && IDENTIFIER.matcher(value).matches()) {
      return value;
    }
    throw new IllegalArgumentException("not an allowed value: " + text);
  }

  @Override
  public String expected() {
    String words = "one of " + String.join(", ", allowed);
    return otherwise == null ? words : words + ", or " + otherwise;
  }
}
