package io.axle.config;

import io.axle.config.internal.Aliases;
import io.axle.config.internal.CommandLine;
import io.axle.config.internal.ConfigValidator;
import io.axle.config.internal.ConfigValue;
import io.axle.config.internal.EnvironmentSource;
import io.axle.config.internal.KnownKeys;
import io.axle.config.internal.Problems;
import io.axle.config.internal.SystemPropertiesSource;
import io.axle.config.internal.ValueText;
import io.axle.config.internal.YamlReader;
import io.axle.config.internal.YamlSources;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Properties;
import java.util.Set;
import java.util.function.Function;

/**
 * The merged, immutable configuration of one process. Keys are flat dotted names; values are kept as
 * text and parsed on read through a {@link ConfigKey}, which is what gives errors their key, value,
 * expectation and source.
 */
public final class AxleConfig {

  /** The file name looked up on the class path and in the working directory. */
  public static final String FILE_NAME = "microservice.yaml";

  private static final String NOT_SET = "not set";

  private final Map<String, ConfigValue> values;
  private final List<String> remainingArgs;

  private AxleConfig(Map<String, ConfigValue> values, List<String> remainingArgs) {
    this.values = Collections.unmodifiableMap(values);
    this.remainingArgs = List.copyOf(remainingArgs);
  }

  /**
   * The standard stack, later winning: {@code microservice.yaml} on the class path, {@code
   * ./microservice.yaml}, {@code AXLE_*} environment variables, system properties, then {@code --key=value}
   * arguments. Does not {@link #validate}: the caller decides which keys are known, typically
   * {@link ConfigKeys#all()}.
   */
  public static AxleConfig load(String... args) {
    return builder()
        .classpathYaml(FILE_NAME)
        .yamlFile(Path.of(FILE_NAME))
        .environment(System.getenv())
        .systemProperties(System.getProperties())
        .args(args)
        .build();
  }

  /** An empty configuration to which sources are added explicitly, for tests and embedding. */
  public static Builder builder() {
    return new Builder();
  }

  /** The configured text, looked up under the {@code axle.} spelling of a {@code servicecomb.} key. */
  public Optional<String> getRaw(String key) {
    return Optional.ofNullable(values.get(Aliases.canonical(key))).map(ConfigValue::text);
  }

  /**
   * The parsed value, or the key's default, or null if it has neither.
   *
   * @throws ConfigException if the configured text is not a valid value
   */
  public <T> T get(ConfigKey<T> key) {
    ConfigValue value = values.get(key.name());
    return value == null ? key.defaultValue().orElse(null) : parse(key, key.name(), value);
  }

  /** Like {@link #get} but empty rather than null when there is neither a value nor a default. */
  public <T> Optional<T> find(ConfigKey<T> key) {
    return Optional.ofNullable(get(key));
  }

  /**
   * For a family key: the value of {@code key.p0.p1…pn}, else {@code key.p0…pn-1}, … else {@code key}
   * itself, else the default (null if none), so an operation-level setting overrides a schema-level one,
   * which overrides a service-level one.
   *
   * @throws ConfigException if the most specific configured text is not a valid value
   */
  public <T> T getMostSpecific(ConfigKey<T> familyKey, String... path) {
    String name = mostSpecificKey(familyKey, path);
    ConfigValue value = values.get(name);
    return value != null && !name.equals(familyKey.name()) ? parse(familyKey, name, value) : get(familyKey);
  }

  /**
   * The name of the key {@link #getMostSpecific} reads its value from: the most specific one that is
   * set, else the family key's own name. For messages that must name the key the user should change.
   */
  public String mostSpecificKey(ConfigKey<?> familyKey, String... path) {
    if (!familyKey.isFamily()) {
      throw new IllegalArgumentException(familyKey.name() + " is not a family key");
    }
    for (int length = path.length; length > 0; length--) {
      String name = familyKey.name() + "." + String.join(".", List.of(path).subList(0, length));
      if (values.containsKey(name)) {
        return name;
      }
    }
    return familyKey.name();
  }

  /**
   * The keys below {@code prefix + "."} with that part stripped, e.g. {@code subset("axle.registry.local")}
   * gives {@code {perf1=highway://…}}.
   */
  public Map<String, String> subset(String prefix) {
    String start = Aliases.canonical(prefix) + ".";
    Map<String, String> subset = new LinkedHashMap<>();
    values.forEach((key, value) -> {
      if (key.startsWith(start) && key.length() > start.length()) {
        subset.put(key.substring(start.length()), value.text());
      }
    });
    return Collections.unmodifiableMap(subset);
  }

  /**
   * Every configured key with its text, in {@code axle.} spelling: what a source of live changes sends after
   * reading YAML ({@code AxleConfig.builder().yaml(text, name).build().texts()}).
   */
  public Map<String, String> texts() {
    Map<String, String> texts = new LinkedHashMap<>();
    values.forEach((key, value) -> texts.put(key, value.text()));
    return Collections.unmodifiableMap(texts);
  }

  /** Every configured key, in {@code axle.} spelling. */
  public Set<String> keys() {
    return values.keySet();
  }

  /** Where the key's value came from, e.g. "system property axle.service.name", or "not set". */
  public String sourceOf(String key) {
    ConfigValue value = values.get(Aliases.canonical(key));
    return value == null ? NOT_SET : value.source();
  }

  /** For the end of a message: {@code from <source>} when the key is set, {@code the default} when not. */
  public String origin(String key) {
    ConfigValue value = values.get(Aliases.canonical(key));
    return value == null ? "the default" : "from " + value.source();
  }

  /** The arguments that were not {@code --key[=value]}, in order, for the application. */
  public List<String> remainingArgs() {
    return remainingArgs;
  }

  /** A copy with one value replaced, e.g. a port chosen at run time; its source is "override". */
  public AxleConfig with(String key, Object value) {
    Map<String, ConfigValue> copy = new LinkedHashMap<>(values);
    copy.put(Aliases.canonical(key), new ConfigValue(ValueText.of(value), "override"));
    return new AxleConfig(copy, remainingArgs);
  }

  /**
   * A copy with {@code values} on top, each read from {@code source}: a live layer of a running service
   * ({@code Axle.reconfigure}). Values are turned into text as {@link Builder#put(String, Object)} does.
   */
  public AxleConfig overlay(Map<String, ?> values, String source) {
    Objects.requireNonNull(source, "source");
    Map<String, ConfigValue> copy = new LinkedHashMap<>(this.values);
    values.forEach((key, value) -> copy.put(Aliases.canonical(Objects.requireNonNull(key, "key")),
        new ConfigValue(ValueText.of(Objects.requireNonNull(value, () -> key + ": null (expected: a value)")),
            source)));
    return new AxleConfig(copy, remainingArgs);
  }

  /**
   * Strict check against the known keys: every value of every known key parses; every key under "axle."
   * is known.
   *
   * @throws ConfigException listing all problems, one per line
   */
  public void validate(Collection<? extends ConfigKey<?>> knownKeys) {
    validate(knownKeys, Map.of());
  }

  /**
   * As {@link #validate(Collection)}, and also checks the names registered at run time: a key that takes
   * one ({@link ConfigKey#orNamed}) and is in {@code registered} must name one of its fixed words or one of
   * the names given for it (say, {@code axle.executors.default} and the executors the application
   * registered). All problems of both kinds are reported together, so that one failed start lists
   * everything to fix.
   *
   * @throws ConfigException listing all problems, one per line
   */
  public void validate(Collection<? extends ConfigKey<?>> knownKeys, Map<String, Set<String>> registered) {
    List<String> problems = ConfigValidator.problems(values, knownKeys, registered);
    if (!problems.isEmpty()) {
      throw new ConfigException(problems);
    }
  }

  private static <T> T parse(ConfigKey<T> key, String name, ConfigValue value) {
    try {
      return key.parse(value.text());
    } catch (IllegalArgumentException e) {
      throw new ConfigException(Problems.badValue(name, value, key.expected()), e);
    }
  }

  @Override
  public String toString() {
    return "AxleConfig" + values.keySet();
  }

  /**
   * Collects sources in increasing precedence: each call adds one source that overrides the ones added
   * before it. Files, properties and arguments are read when added; environment variables are mapped at
   * {@link #build()}, once the known keys are settled.
   */
  public static final class Builder {

    private final List<Function<KnownKeys, Map<String, ConfigValue>>> sources = new ArrayList<>();
    private final List<String> remainingArgs = new ArrayList<>();
    private Collection<? extends ConfigKey<?>> knownKeys;

    private Builder() {
    }

    /** Every class-path resource of that name (first found wins); none is not an error. */
    public Builder classpathYaml(String resourceName) {
      return add(YamlSources.classpath(resourceName, classLoader()));
    }

    /** A YAML file; a missing file is skipped, since {@code ./microservice.yaml} is optional. */
    public Builder yamlFile(Path file) {
      return add(YamlSources.file(file));
    }

    /** YAML text; {@code sourceName} is how messages refer to it. */
    public Builder yaml(String yamlText, String sourceName) {
      return add(YamlReader.read(yamlText, sourceName));
    }

    /** Environment variables; only {@code AXLE_*} and {@code SERVICECOMB_*} naming a known key are used. */
    public Builder environment(Map<String, String> environment) {
      Map<String, String> snapshot = Map.copyOf(environment);
      sources.add(known -> EnvironmentSource.read(snapshot, known).values());
      return this;
    }

    public Builder systemProperties(Properties properties) {
      return add(SystemPropertiesSource.read(properties));
    }

    /** {@code --key=value} and {@code --key} set values; other arguments go to {@link #remainingArgs()}. */
    public Builder args(String... args) {
      CommandLine commandLine = CommandLine.parse(args);
      remainingArgs.addAll(commandLine.remaining());
      return add(commandLine.values());
    }

    /** One value, with source "builder"; a collection becomes a comma list, a duration e.g. "30s". */
    public Builder put(String key, Object value) {
      return put(key, value, "builder");
    }

    /**
     * One value and where it came from, e.g. a Spring property source's name, so that a problem with it
     * points at the place to fix; otherwise as {@link #put(String, Object)}.
     */
    public Builder put(String key, Object value, String source) {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(source, "source");
      return add(Map.of(key, new ConfigValue(ValueText.of(value), source)));
    }

    /**
     * One value of a declared key, typed, with source "builder":
     * {@code put(CoreConfigKeys.REQUEST_TIMEOUT, Duration.ofMillis(250), "orders")} sets
     * {@code axle.request.timeout.orders}. {@code below} names the levels under a family key
     * (service, schema, operation …); a plain key takes none.
     */
    public <T> Builder put(ConfigKey<T> key, T value, String... below) {
      Objects.requireNonNull(key, "key");
      Objects.requireNonNull(value, "value");
      if (below.length > 0 && !key.isFamily()) {
        throw new IllegalArgumentException(key.name() + "." + String.join(".", below)
            + " (expected: " + key.name() + " alone; it has no keys below it)");
      }
      for (String level : below) {
        if (level == null || level.isBlank() || level.contains(".")) {
          throw new IllegalArgumentException(key.name() + ": level " + (level == null ? "null" : "\"" + level + "\"")
              + " (expected: a name without dots, such as a service, schema or operation)");
        }
      }
      String name = below.length == 0 ? key.name() : key.name() + "." + String.join(".", below);
      // Through its text, so that a typed value is checked exactly as the same value in a file; a value
      // whose text does not read back as itself (a sub-millisecond duration, say) is refused here.
      String text;
      Object parsed;
      try {
        text = ValueText.of(value);
        parsed = key.parse(text);
      } catch (RuntimeException e) {
        throw new IllegalArgumentException(name + ": " + value + " (expected: " + key.expected() + ")", e);
      }
      if (!value.equals(parsed)) {
        throw new IllegalArgumentException(name + ": " + value + " (expected: a value its text, " + text
            + ", reads back as; " + key.expected() + ")");
      }
      return put(name, value);
    }

    /** The keys environment variable names are matched against; {@link ConfigKeys#all()} if never set. */
    public Builder knownKeys(Collection<? extends ConfigKey<?>> knownKeys) {
      this.knownKeys = List.copyOf(knownKeys);
      return this;
    }

    public AxleConfig build() {
      KnownKeys known = new KnownKeys(knownKeys != null ? knownKeys : ConfigKeys.all());
      Map<String, ConfigValue> merged = new LinkedHashMap<>();
      for (Function<KnownKeys, Map<String, ConfigValue>> source : sources) {
        merged.putAll(Aliases.canonicalise(source.apply(known)));
      }
      return new AxleConfig(merged, remainingArgs);
    }

    private Builder add(Map<String, ConfigValue> values) {
      sources.add(known -> values);
      return this;
    }

    private static ClassLoader classLoader() {
      ClassLoader context = Thread.currentThread().getContextClassLoader();
      return context != null ? context : AxleConfig.class.getClassLoader();
    }
  }
}
