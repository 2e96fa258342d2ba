package io.axle.config.internal;

import io.axle.config.ConfigException;
import java.io.IOException;
import java.io.InputStream;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Where YAML configuration comes from: files and class-path resources, each optional. */
public final class YamlSources {

  private YamlSources() {
  }

  /** The file's flattened keys, or nothing if it does not exist: the working-directory file is optional. */
  public static Map<String, ConfigValue> file(Path file) {
    Path absolute = file.toAbsolutePath().normalize();
    String sourceName = absolute.getFileName() + " (" + absolute + ")";
    String text;
    try {
      text = Files.readString(absolute, StandardCharsets.UTF_8);
    } catch (NoSuchFileException e) {
      return Map.of();
    } catch (IOException e) {
      throw new ConfigException(sourceName + ": cannot be read: " + e, e);
    }
    return YamlReader.read(text, sourceName);
  }

  /**
   * Every resource of that name on the class path, merged so that the first one found wins, as with
   * classes: the application's own file overrides defaults shipped inside library jars. Nothing if none.
   */
  public static Map<String, ConfigValue> classpath(String resourceName, ClassLoader loader) {
    List<URL> urls;
    try {
      urls = Collections.list(loader.getResources(resourceName));
    } catch (IOException e) {
      throw new ConfigException(resourceName + ": cannot list class-path resources: " + e, e);
    }
    List<URL> lowestFirst = new ArrayList<>(urls);
    Collections.reverse(lowestFirst);
    Map<String, ConfigValue> merged = new LinkedHashMap<>();
    for (URL url : lowestFirst) {
      String sourceName = resourceName + " (" + url + ")";
      merged.putAll(Aliases.canonicalise(YamlReader.read(read(url, sourceName), sourceName)));
    }
    return merged;
  }

  private static String read(URL url, String sourceName) {
    try (InputStream in = url.openStream()) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new ConfigException(sourceName + ": cannot be read: " + e, e);
    }
  }
}
