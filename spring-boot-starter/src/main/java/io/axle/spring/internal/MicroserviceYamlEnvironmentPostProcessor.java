package io.axle.spring.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.springframework.boot.EnvironmentPostProcessor;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.context.config.ConfigDataEnvironmentPostProcessor;
import org.springframework.boot.env.DefaultPropertiesPropertySource;
import org.springframework.core.Ordered;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.PropertySource;
import org.springframework.util.ClassUtils;

/**
 * Adds {@code ./microservice.yaml} and every {@code microservice.yaml} on the class path to the Environment,
 * below {@code application.yml} and its profiles (and so below environment variables, system properties and
 * {@code --key=value}), so that Spring's usual overrides work on Axle keys. Only {@code defaultProperties}
 * stays lower, as Spring users expect of it.
 *
 * <p>The files are read by core's reader, not Spring's YAML loader, so that a value means the same with or
 * without Spring: scalars keep their text ({@code 010} stays {@code 010}), lists become comma lists, and
 * {@code servicecomb.} keys are stored in their {@code axle.} spelling.
 */
public final class MicroserviceYamlEnvironmentPostProcessor implements EnvironmentPostProcessor, Ordered {

  /** Prefix of the names of the property sources added here. */
  public static final String SOURCE_PREFIX = AxleConfig.FILE_NAME + " ";

  @Override
  public int getOrder() {
    // After application.yml has been loaded, so that "below it" has a meaning.
    return ConfigDataEnvironmentPostProcessor.ORDER + 1;
  }

  @Override
  public void postProcessEnvironment(ConfigurableEnvironment environment, SpringApplication application) {
    MutablePropertySources sources = environment.getPropertySources();
    if (sources.stream().anyMatch(source -> source.getName().startsWith(SOURCE_PREFIX))) {
      return;
    }
    ClassLoader loader = application.getClassLoader() != null ? application.getClassLoader()
        : ClassUtils.getDefaultClassLoader();
    // Highest precedence first: the working directory's file, then the class path in class-path order.
    List<PropertySource<?>> found = new ArrayList<>();
    Path file = Path.of(AxleConfig.FILE_NAME).toAbsolutePath().normalize();
    addIfNotEmpty(found, SOURCE_PREFIX + "(" + file + ")", AxleConfig.builder().yamlFile(file).build());
    for (URL url : resources(loader)) {
      String name = SOURCE_PREFIX + "(" + url + ")";
      addIfNotEmpty(found, name, AxleConfig.builder().yaml(read(url, name), name).build());
    }
    for (PropertySource<?> source : found) {
      if (sources.contains(DefaultPropertiesPropertySource.NAME)) {
        sources.addBefore(DefaultPropertiesPropertySource.NAME, source);
      } else {
        sources.addLast(source);
      }
    }
  }

  private static void addIfNotEmpty(List<PropertySource<?>> found, String name, AxleConfig config) {
    Map<String, Object> values = new LinkedHashMap<>();
    for (String key : config.keys()) {
      values.put(key, config.getRaw(key).orElseThrow());
    }
    if (!values.isEmpty()) {
      found.add(new MapPropertySource(name, Collections.unmodifiableMap(values)));
    }
  }

  private static List<URL> resources(ClassLoader loader) {
    try {
      return Collections.list(loader.getResources(AxleConfig.FILE_NAME));
    } catch (IOException e) {
      throw new ConfigException(AxleConfig.FILE_NAME + ": cannot list class-path resources: " + e, e);
    }
  }

  private static String read(URL url, String name) {
    try (InputStream in = url.openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ConfigException(name + ": cannot be read: " + e, e);
    }
  }
}
