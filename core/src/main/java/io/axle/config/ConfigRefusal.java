package io.axle.config;

import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A change a running service refused: nothing of it was applied, and the configuration it ran stayed.
 *
 * @param source where the change came from
 * @param at when it was refused
 * @param problems one line per problem, each naming the key, the value, what is expected and the source
 */
public record ConfigRefusal(String source, Instant at, List<String> problems) {
  public ConfigRefusal {
    Objects.requireNonNull(source, "source");
    Objects.requireNonNull(at, "at");
    problems = List.copyOf(problems);
  }
}
