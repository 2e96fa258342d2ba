package io.axle.config.internal;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Predicate;

/** A comma-separated list, as YAML lists are flattened; every item must satisfy {@code validItem}. */
public record ListType(String expectedText, Predicate<String> validItem) implements ValueType<List<String>> {

  public ListType {
    Objects.requireNonNull(validItem, "validItem");
  }

  @Override
  public List<String> parse(String text) {
    List<String> items = new ArrayList<>();
    for (String part : text.split(",")) {
      String item = part.strip();
      if (item.isEmpty()) {
        continue;
      }
      if (!validItem.test(item)) {
        throw new IllegalArgumentException("bad item: " + item);
      }
      items.add(item);
    }
    return List.copyOf(items);
  }

  @Override
  public String expected() {
    return expectedText == null ? "a comma-separated list" : expectedText;
  }

  @Override
  public String format(List<String> value) {
    return String.join(",", value);
  }
}
