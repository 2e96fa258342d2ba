package io.axle.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigSource;
import io.axle.config.CoreConfigKeys;
import io.axle.config.PolledLayer;
import java.nio.file.Path;

/**
 * Watches a YAML file ({@code axle.config.file-watch.enabled}, {@code ./microservice.yaml} unless {@code
 * axle.config.file-watch.path} says otherwise) and applies what changes in it, read every {@code
 * axle.config.file-watch.interval} ({@link PolledLayer}: polling sees an edit on every file system, where the JDK's
 * watch service misses some, such as network mounts or an editor that replaces the file).
 *
 * <p>A change is the difference from the file as the watch first read it: a key added or changed takes its new
 * value, above every other source, as any live layer does; a key changed back or removed returns to what the
 * service started with. Text that does not parse is logged once at WARN and nothing changes until it parses.
 */
public final class FileConfigSource implements ConfigSource {
  @Override
  public Watch watch(Context context) {
    AxleConfig config = context.config();
    if (!config.get(CoreConfigKeys.CONFIG_FILE_WATCH)) {
      return null;
    }
    Path file = Path.of(config.get(CoreConfigKeys.CONFIG_FILE_WATCH_PATH)).toAbsolutePath().normalize();
    return PolledLayer.every(config.get(CoreConfigKeys.CONFIG_FILE_WATCH_INTERVAL), "axle-config-file", context,
        "file " + file, () -> AxleConfig.builder().yamlFile(file).build().texts());
  }
}
