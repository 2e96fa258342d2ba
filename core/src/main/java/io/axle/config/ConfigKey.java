package io.axle.config;

import io.axle.config.internal.AddressType;
import io.axle.config.internal.BooleanType;
import io.axle.config.internal.ChoiceType;
import io.axle.config.internal.CustomType;
import io.axle.config.internal.DurationType;
import io.axle.config.internal.IntegerType;
import io.axle.config.internal.ListType;
import io.axle.config.internal.LongType;
import io.axle.config.internal.StringType;
import io.axle.config.internal.ValueType;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * A declared configuration key: its name, a one-sentence description, how its text is parsed, what a
 * valid value looks like (for error messages) and its default. Immutable; the modifiers return copies.
 *
 * <p>A <em>family</em> key also covers every key below it ({@code name + ".<anything>"}) with the same
 * value type, e.g. {@code axle.request.timeout.<service>.<schema>.<operation>}; see
 * {@link AxleConfig#getMostSpecific(ConfigKey, String...)}.
 *
 * @param <T> the parsed value type
 */
public final class ConfigKey<T> {

  private final String name;
  private final String description;
  private final ValueType<T> type;
  private final Supplier<? extends T> defaultValue;
  private final String defaultDescription;
  private final boolean family;
  private final boolean live;

  private ConfigKey(String name, String description, ValueType<T> type,
      Supplier<? extends T> defaultValue, String defaultDescription, boolean family, boolean live) {
    this.name = name;
    this.description = description;
    this.type = type;
    this.defaultValue = defaultValue;
    this.defaultDescription = defaultDescription;
    this.family = family;
    this.live = live;
  }

  /** An integer in [min, max]; pass {@link Integer#MAX_VALUE} as max for a lower bound only. */
  public static ConfigKey<Integer> intKey(String name, int defaultValue, int min, int max, String description) {
    return create(name, description, new IntegerType(min, max), defaultValue);
  }

  /** A long in [min, max]; pass {@link Long#MAX_VALUE} as max for a lower bound only. */
  public static ConfigKey<Long> longKey(String name, long defaultValue, long min, long max, String description) {
    return create(name, description, new LongType(min, max), defaultValue);
  }

  /** Only {@code true} or {@code false} (any case): "yes", "1" or "on" are rejected as likely mistakes. */
  public static ConfigKey<Boolean> booleanKey(String name, boolean defaultValue, String description) {
    return create(name, description, BooleanType.INSTANCE, defaultValue);
  }

  /** A duration {@code >= 0}: a plain number of milliseconds, or a number with ms, s, m or h. */
  public static ConfigKey<Duration> durationKey(String name, Duration defaultValue, String description) {
    return durationKey(name, defaultValue, Duration.ZERO, description);
  }

  /** A duration {@code >= min}; a {@code null} default means none. */
  public static ConfigKey<Duration> durationKey(String name, Duration defaultValue, Duration min,
      String description) {
    return create(name, description, new DurationType(min), defaultValue);
  }

  /** Any text; a {@code null} default means none. */
  public static ConfigKey<String> stringKey(String name, String defaultValue, String description) {
    return create(name, description, StringType.INSTANCE, defaultValue);
  }

  /**
   * One of the allowed values (matched ignoring case, returned as declared); see {@link #orNamed(String)}
   * to also accept other identifiers. A {@code null} default means none.
   */
  public static ConfigKey<String> choiceKey(String name, String defaultValue, String description,
      String... allowedValues) {
    return create(name, description, new ChoiceType(List.of(allowedValues), null), defaultValue);
  }

  /** {@code host:port}; a port alone means {@code 0.0.0.0:port}. A {@code null} default means none. */
  public static ConfigKey<HostAndPort> addressKey(String name, HostAndPort defaultValue, String description) {
    return create(name, description, AddressType.INSTANCE, defaultValue);
  }

  /** A comma-separated list, items trimmed, empty items dropped; defaults to the empty list. */
  public static ConfigKey<List<String>> listKey(String name, String description) {
    return create(name, description, new ListType(null, item -> true), List.of());
  }

  /**
   * A comma-separated list whose every item must satisfy {@code validItem}; {@code expected} describes a
   * valid whole value for error messages, e.g. "a list of transport://host:port".
   */
  public static ConfigKey<List<String>> listKey(String name, String description, String expected,
      Predicate<String> validItem) {
    return create(name, description, new ListType(expected, validItem), List.of());
  }

  /**
   * Any other value type. {@code parser} throws {@link IllegalArgumentException} on text it rejects;
   * {@code expected} describes a valid value for error messages. A {@code null} default means none.
   */
  public static <T> ConfigKey<T> custom(String name, T defaultValue, String expected,
      Function<String, ? extends T> parser, String description) {
    return create(name, description, new CustomType<T>(expected, parser), defaultValue);
  }

  private static <T> ConfigKey<T> create(String name, String description, ValueType<T> type, T defaultValue) {
    requireName(name);
    Objects.requireNonNull(description, "description");
    if (defaultValue == null) {
      return new ConfigKey<>(name, description, type, null, "none", false, false);
    }
    type.checkDefault(name, defaultValue);
    return new ConfigKey<>(name, description, type, () -> defaultValue, type.format(defaultValue), false, false);
  }

  private static void requireName(String name) {
    if (name == null || name.isEmpty() || name.chars().anyMatch(Character::isWhitespace)
        || name.startsWith(".") || name.endsWith(".")) {
      throw new IllegalArgumentException("not a valid configuration key name: '" + name + "'");
    }
  }

  /** A copy that also covers every key {@code name + ".<anything>"}. */
  public ConfigKey<T> family() {
    return new ConfigKey<>(name, description, type, defaultValue, defaultDescription, true, live);
  }

  /**
   * A copy that a running service takes on a change ({@code Axle.reconfigure}): what it sets is read again
   * when the chains of the operations are assembled anew. A key that is not live is read once at start, and
   * a change to it is refused, naming it.
   */
  public ConfigKey<T> live() {
    return new ConfigKey<>(name, description, type, defaultValue, defaultDescription, family, true);
  }

  /**
   * A copy whose default is computed on each read, for defaults that depend on the machine; the
   * description is what documentation prints, e.g. "number of CPU cores".
   */
  public ConfigKey<T> withDefault(Supplier<? extends T> defaultValue, String defaultDescription) {
    return new ConfigKey<>(name, description, type, Objects.requireNonNull(defaultValue),
        Objects.requireNonNull(defaultDescription), family, live);
  }

  /**
   * For a choice key: a copy that also accepts any other identifier, described by {@code what} in error
   * messages, e.g. "the name of a registered executor".
   */
  @SuppressWarnings("unchecked")
  public ConfigKey<T> orNamed(String what) {
    if (!(type instanceof ChoiceType choice)) {
      throw new IllegalStateException(name + " is not a choice key");
    }
    ValueType<T> widened = (ValueType<T>) choice.orNamed(Objects.requireNonNull(what));
    return new ConfigKey<>(name, description, widened, defaultValue, defaultDescription, family, live);
  }

  public String name() {
    return name;
  }

  /**
   * For a key that also takes a {@linkplain #orNamed name registered at run time}: whether {@code value}
   * (as parsed) is one of its fixed words rather than such a name. False for every other key.
   */
  public boolean isFixedChoice(T value) {
    return type instanceof ChoiceType choice && choice.allowed().contains(value);
  }

  /** Whether this key also takes a name registered at run time ({@link #orNamed}). */
  public boolean takesRegisteredNames() {
    return type instanceof ChoiceType choice && choice.otherwise() != null;
  }

  public String description() {
    return description;
  }

  /** What a valid value looks like, e.g. "an integer in [1, 1024]". */
  public String expected() {
    return type.expected();
  }

  public boolean isFamily() {
    return family;
  }

  /** Whether a running service takes a change of this key ({@link #live()}); otherwise it needs a restart. */
  public boolean isLive() {
    return live;
  }

  /** The default, computed now; empty if the key has none. */
  public Optional<T> defaultValue() {
    return defaultValue == null ? Optional.empty() : Optional.ofNullable(defaultValue.get());
  }

  /** The default as documentation should print it, or "none". */
  public String defaultDescription() {
    return defaultDescription;
  }

  /**
   * Parses configured text.
   *
   * @throws IllegalArgumentException if the text is not a valid value; callers report {@link #expected()}
   */
  public T parse(String text) {
    return type.parse(Objects.requireNonNull(text, "text"));
  }

  /** Whether a configured key is this key or, for a family, one below it. */
  public boolean matches(String key) {
    return key.equals(name) || family && key.length() > name.length() + 1
        && key.startsWith(name) && key.charAt(name.length()) == '.';
  }

  @Override
  public String toString() {
    return family ? name + ".*" : name;
  }
}
