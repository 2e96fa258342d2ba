package io.axle.spring.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeys;
import io.axle.config.CoreConfigKeys;
import io.axle.rest.RestConfigKeys;
import io.axle.transport.TransportFactory;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;
import java.util.StringJoiner;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginLookup;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.EnumerablePropertySource;
import org.springframework.core.env.PropertySource;

/**
 * Reads the Spring Environment into an {@link AxleConfig}, so that Spring decides precedence and Axle
 * still judges the keys strictly and says where a bad value came from.
 *
 * <p>Which keys: every {@code axle.*} and {@code servicecomb.*} name of every enumerable property source,
 * plus every known key's name in both spellings, which is how an environment variable such as
 * {@code AXLE_SERVICE_NAME} is found (through Spring's relaxed lookup; enumerating it would not give a
 * dotted name). Each key takes the value of the highest property source that has it, in either spelling;
 * within one source the {@code axle.} spelling wins, as in core.
 */
final class EnvironmentConfig {

  /** Axle's REST address in a Boot application whose web server has Axle's usual 8080 (server.port). */
  static final String WEB_APPLICATION_REST_ADDRESS = "0.0.0.0:7080";
  private static final String SERVICE_NAME = CoreConfigKeys.SERVICE_NAME.name();
  private static final String REST_ADDRESS = RestConfigKeys.ADDRESS.name();
  private static final String APPLICATION_NAME = "spring.application.name";
  private static final String AXLE = "axle.";
  private static final String SERVICECOMB = "servicecomb.";
  /** How Spring flattens a YAML list: {@code key[0]}, {@code key[1]}, … */
  private static final Pattern INDEXED = Pattern.compile("(.+)\\[(\\d+)]");

  private final ConfigurableEnvironment environment;
  private final List<PropertySource<?>> sources = new ArrayList<>();

  private EnvironmentConfig(ConfigurableEnvironment environment) {
    this.environment = environment;
    for (PropertySource<?> source : environment.getPropertySources()) {
      // The attached adapter repeats every other source under relaxed names; it would shadow their names.
      if (!ConfigurationPropertySources.isAttachedConfigurationPropertySource(source)) {
        sources.add(source);
      }
    }
  }

  /** The keys core and the transports on the class path know, against which configuration is validated. */
  static List<ConfigKey<?>> knownKeys() {
    List<ConfigKey<?>> known = new ArrayList<>(ConfigKeys.all());
    ServiceLoader.load(TransportFactory.class).forEach(factory -> known.addAll(factory.configKeys()));
    return List.copyOf(known);
  }

  /**
   * The configuration, validated against {@link #knownKeys()}, with a Boot application's defaults:
   * the service is named after {@code spring.application.name} unless {@code axle.service.name} is
   * set, and in an application with a web server ({@code webServer}) Axle's REST server listens on
   * {@link #WEB_APPLICATION_REST_ADDRESS} unless {@code axle.rest.address} is set, since the web
   * server takes Axle's usual 8080.
   */
  static AxleConfig read(ConfigurableEnvironment environment, boolean webServer) {
    return read(environment, webServer, Set.of());
  }

  /**
   * As {@link #read(ConfigurableEnvironment, boolean)}, the executor keys also checked against {@code executors}
   * (null: not here, as the names are not all known yet).
   */
  static AxleConfig read(ConfigurableEnvironment environment, boolean webServer, Set<String> executors) {
    List<ConfigKey<?>> known = knownKeys();
    AxleConfig config = new EnvironmentConfig(environment).build(known, webServer);
    config.validate(known, executors == null ? Map.of() : CoreConfigKeys.executorNames(executors));
    return config;
  }

  /**
   * Every Axle key of the Environment with its text, read as {@link #read(ConfigurableEnvironment, boolean)} reads
   * them but not validated: for a watch, whose changes the runtime validates.
   */
  static Map<String, String> texts(ConfigurableEnvironment environment, boolean webServer) {
    return new EnvironmentConfig(environment).build(knownKeys(), webServer).texts();
  }

  private AxleConfig build(List<ConfigKey<?>> known, boolean webServer) {
    Map<String, Candidate> byCanonicalKey = new LinkedHashMap<>();
    for (String name : candidateNames(known)) {
      int index = firstSourceWith(name);
      if (index < 0) {
        continue;
      }
      String canonical = canonical(name);
      Candidate candidate = new Candidate(name, index);
      byCanonicalKey.merge(canonical, candidate, (a, b) -> a.beats(b) ? a : b);
    }
    AxleConfig.Builder builder = AxleConfig.builder().knownKeys(known);
    byCanonicalKey.values().forEach(candidate -> {
      PropertySource<?> source = sources.get(candidate.sourceIndex());
      builder.put(candidate.name(), value(candidate.name(), source), describe(source, candidate.name()));
    });
    if (!byCanonicalKey.containsKey(SERVICE_NAME)) {
      int index = firstSourceWith(APPLICATION_NAME);
      String name = environment.getProperty(APPLICATION_NAME);
      if (index >= 0 && name != null && !name.isBlank()) {
        builder.put(SERVICE_NAME, name, APPLICATION_NAME + " in " + describe(sources.get(index), APPLICATION_NAME));
      }
    }
    if (webServer && !byCanonicalKey.containsKey(REST_ADDRESS)) {
      builder.put(REST_ADDRESS, WEB_APPLICATION_REST_ADDRESS,
          "the default in a Spring Boot application with a web server (which has 8080)");
    }
    return builder.build();
  }

  private Set<String> candidateNames(List<ConfigKey<?>> known) {
    Set<String> names = new LinkedHashSet<>();
    for (PropertySource<?> source : sources) {
      if (source instanceof EnumerablePropertySource<?> enumerable) {
        for (String name : enumerable.getPropertyNames()) {
          if (name.startsWith(AXLE) || name.startsWith(SERVICECOMB)) {
            Matcher indexed = INDEXED.matcher(name);
            names.add(indexed.matches() ? indexed.group(1) : name);
          }
        }
      }
    }
    for (ConfigKey<?> key : known) {
      if (key.name().startsWith(AXLE)) {
        names.add(key.name());
        names.add(SERVICECOMB + key.name().substring(AXLE.length()));
      }
    }
    return names;
  }

  /** The index of the highest-precedence source holding the key itself or a list under it, else -1. */
  private int firstSourceWith(String name) {
    for (int i = 0; i < sources.size(); i++) {
      PropertySource<?> source = sources.get(i);
      if (source.containsProperty(name) || source.containsProperty(name + "[0]")) {
        return i;
      }
    }
    return -1;
  }

  /**
   * A scalar through {@link ConfigurableEnvironment#getProperty} (its precedence, placeholders, relaxed
   * names); a list from the one source that won, since Spring replaces lists whole rather than merging
   * their elements across sources.
   */
  private String value(String name, PropertySource<?> source) {
    if (source.containsProperty(name)) {
      String value = environment.getProperty(name);
      return value != null ? value : String.valueOf(source.getProperty(name));
    }
    StringJoiner items = new StringJoiner(",");
    for (int i = 0; source.containsProperty(name + "[" + i + "]"); i++) {
      items.add(environment.resolvePlaceholders(String.valueOf(source.getProperty(name + "[" + i + "]"))));
    }
    return items.toString();
  }

  /** The property source's name, and where in it if Spring tracks that (file and line, variable name). */
  static String describe(PropertySource<?> source, String name) {
    Origin origin = OriginLookup.getOrigin(source, name);
    if (origin == null) {
      origin = OriginLookup.getOrigin(source, name + "[0]");
    }
    String where = origin == null ? null : origin.toString();
    return where == null || source.getName().contains(where) ? source.getName() : source.getName() + " (" + where + ")";
  }

  private static String canonical(String name) {
    return name.startsWith(SERVICECOMB) ? AXLE + name.substring(SERVICECOMB.length()) : name;
  }

  private record Candidate(String name, int sourceIndex) {
    boolean beats(Candidate other) {
      if (sourceIndex != other.sourceIndex) {
        return sourceIndex < other.sourceIndex;
      }
      return name.startsWith(AXLE);
    }
  }
}
