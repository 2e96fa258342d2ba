package io.axle.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigKey;
import io.axle.config.ConfigRefusal;
import io.axle.config.ConfigVersion;
import io.axle.config.CoreConfigKeys;
import io.axle.config.internal.KnownKeys;
import io.axle.config.internal.ValueText;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The configuration of a running service and the changes it takes. The start's configuration stays at the
 * bottom; each source of changes holds one layer above it, which its next change replaces as a whole (a key
 * it no longer sets falls back to what is below), the layers in the order their sources first changed
 * something. A change is applied as a whole or not at all:
 *
 * <ol>
 *   <li>the configuration it makes is validated with the start's checks (every key known, every value valid,
 *       every executor name registered);
 *   <li>each key whose value it changes must be {@linkplain ConfigKey#isLive() live}: one read once at start
 *       (a listen address, the registry) is refused, named, rather than taken and silently not applied;
 *   <li>the runtime prepares everything the new configuration makes (the chains of every operation,
 *       executors), where the assemblers' own checks run; one that throws refuses the change;
 *   <li>only then is it committed, which cannot fail: every operation takes its new chain at once.
 * </ol>
 *
 * A refused change leaves the running configuration as it was, is logged once at WARN (key, value, source,
 * reason) and kept as the {@linkplain #lastRefusal last refusal}. A taken one gets the next {@link
 * ConfigVersion} and is logged once at INFO with its old and new values.
 */
final class LiveConfig {
  private static final Logger log = LoggerFactory.getLogger("io.axle.config");
  private static final String START = "start";

  /** Builds what a configuration makes; the returned commit swaps it in and must not fail. */
  interface Preparer {
    Runnable prepare(AxleConfig next);
  }

  private final AxleConfig base;
  private final Collection<? extends ConfigKey<?>> known;
  private final KnownKeys knownKeys;
  private final Map<String, Set<String>> registered;
  /** Each source's layer, by source, in the order the sources first changed something. */
  private Map<String, Map<String, String>> layers = new LinkedHashMap<>();
  /** The configuration in force and its version, swapped together: a reader never sees one without the other. */
  private volatile InForce inForce;
  private volatile ConfigRefusal lastRefusal;

  private record InForce(AxleConfig config, ConfigVersion version) {
  }

  LiveConfig(AxleConfig base, Collection<? extends ConfigKey<?>> known, Map<String, Set<String>> registered) {
    this.base = base;
    this.known = List.copyOf(known);
    this.knownKeys = new KnownKeys(known);
    this.registered = Map.copyOf(registered);
    this.inForce = new InForce(base, new ConfigVersion(1, START, hash(base), Instant.now(), List.of()));
  }

  AxleConfig current() {
    return inForce.config();
  }

  ConfigVersion version() {
    return inForce.version();
  }

  Optional<ConfigRefusal> lastRefusal() {
    return Optional.ofNullable(lastRefusal);
  }

  /**
   * Replaces the layer of {@code source} by {@code values} and applies the configuration that makes.
   *
   * @return the version now in force: a new one, or the same when nothing in force changed
   * @throws ConfigException naming every problem, when the change is refused
   */
  synchronized ConfigVersion apply(String source, Map<String, ?> values, Preparer preparer) {
    requireSource(source);
    Objects.requireNonNull(values, "values");
    AxleConfig current = inForce.config();
    ConfigVersion version = inForce.version();
    Map<String, String> layer = new LinkedHashMap<>();
    List<String> problems = new ArrayList<>();
    values.forEach((key, value) -> {
      if (key == null || value == null) {
        problems.add(key + ": " + value + " (expected: a key and its value; to unset a key, leave it out of the "
            + "change: the source's next change replaces its last one) — from " + source);
      } else {
        layer.put(key, ValueText.of(value));
      }
    });
    // An emptied layer keeps its place: the order of the sources is the order they first changed something.
    Map<String, Map<String, String>> nextLayers = new LinkedHashMap<>(layers);
    nextLayers.put(source, Map.copyOf(layer));
    AxleConfig next = base;
    for (Map.Entry<String, Map<String, String>> each : nextLayers.entrySet()) {
      next = next.overlay(each.getValue(), each.getKey());
    }
    if (problems.isEmpty()) {
      try {
        next.validate(known, registered);
      } catch (ConfigException e) {
        problems.addAll(e.problems());
      }
    }
    List<String> changes = new ArrayList<>();
    for (String key : changedKeys(current, next)) {
      Optional<ConfigKey<?>> declared = knownKeys.find(key);
      String before = shown(current, key, declared);
      String after = shown(next, key, declared);
      changes.add(key + ": " + before + " -> " + after);
      if (declared.isPresent() && !declared.get().isLive()) {
        problems.add(key + ": " + after + " (expected: " + before + ", as the service started: " + key
            + " is read once at start; restart the service to change it) — from " + source);
      }
    }
    Runnable commit = null;
    if (problems.isEmpty() && !changes.isEmpty()) {
      try {
        commit = preparer.prepare(next);
      } catch (ConfigException e) {
        problems.addAll(e.problems());
      } catch (IllegalArgumentException | IllegalStateException e) {
        problems.add(e.getMessage() + " — from " + source);
      } catch (RuntimeException e) {
        // A policy module that broke on the new configuration: refused, as at start, rather than half applied.
        problems.add("assembling the chains failed: " + e + " — from " + source);
      }
    }
    if (!problems.isEmpty()) {
      lastRefusal = new ConfigRefusal(source, Instant.now(), problems);
      log.warn("configuration change from {} refused; {} stays in force: {}", source, version,
          String.join("; ", problems));
      throw new ConfigException(problems);
    }
    layers = nextLayers;
    if (changes.isEmpty()) {
      return version;
    }
    commit.run();
    ConfigVersion applied = new ConfigVersion(version.number() + 1, source, hash(next), Instant.now(), changes);
    inForce = new InForce(next, applied);
    log.info("configuration {} in force: {}", applied, String.join("; ", changes));
    return applied;
  }

  private static void requireSource(String source) {
    if (source == null || source.isBlank() || source.equals(START)) {
      throw new IllegalArgumentException("source: " + source + " (expected: where the change comes from, such as "
          + "\"actuator\" or \"zookeeper /axle/config/orders\"; not \"start\")");
    }
  }

  /**
   * A key's text, else its default's as documentation prints it ({@code group (default)}), else {@code unset}:
   * a member of a family ({@code axle.request.timeout.orders}) unset falls back to a less specific key.
   */
  private static String shown(AxleConfig config, String key, Optional<ConfigKey<?>> declared) {
    Optional<String> raw = config.getRaw(key);
    if (raw.isPresent()) {
      return raw.get();
    }
    if (declared.isPresent() && declared.get().name().equals(key) && declared.get().defaultValue().isPresent()) {
      return declared.get().defaultDescription() + " (default)";
    }
    return "unset";
  }

  private static Set<String> changedKeys(AxleConfig before, AxleConfig after) {
    Set<String> keys = new TreeSet<>(before.keys());
    keys.addAll(after.keys());
    keys.removeIf(key -> before.getRaw(key).equals(after.getRaw(key)));
    return keys;
  }

  /**
   * Over the live keys in force only, but the instance's own registry properties: instances of one service differ
   * in their addresses, ids, zones and weights, and run the same configuration when their other live keys agree.
   */
  private String hash(AxleConfig config) {
    StringBuilder text = new StringBuilder();
    for (String key : new TreeSet<>(config.keys())) {
      if (knownKeys.find(key).map(k -> k.isLive() && !k.name().equals(CoreConfigKeys.REGISTRY_PROPERTIES.name())).orElse(false)) {
        text.append(key).append('=').append(config.getRaw(key).orElseThrow()).append('\n');
      }
    }
    try {
      byte[] digest = MessageDigest.getInstance("SHA-256").digest(text.toString().getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest, 0, 6);
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is missing from this JDK", e);
    }
  }
}
