package io.axle.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigSource;
import io.axle.config.CoreConfigKeys;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Watches a YAML file ({@code axle.config.file-watch.enabled}, {@code ./microservice.yaml} unless {@code
 * axle.config.file-watch.path} says otherwise) and applies what changes in it. The file is read every {@code
 * axle.config.file-watch.interval}: one small file read a second costs nothing, and polling sees an edit on
 * every file system, where the JDK's watch service misses some (network mounts, an editor that replaces the
 * file).
 *
 * <p>A change is the difference from the file as the watch first read it: a key added or changed takes its new
 * value, above every other source, as any live layer does; a key changed back or removed returns to what the
 * service started with. Text that does not parse is logged once at WARN and nothing changes until it parses.
 */
public final class FileConfigSource implements ConfigSource {
  private static final Logger log = LoggerFactory.getLogger("io.axle.config");

  @Override
  public Watch watch(Context context) {
    AxleConfig config = context.config();
    if (!config.get(CoreConfigKeys.CONFIG_FILE_WATCH)) {
      return null;
    }
    Path file = Path.of(config.get(CoreConfigKeys.CONFIG_FILE_WATCH_PATH)).toAbsolutePath().normalize();
    Duration interval = config.get(CoreConfigKeys.CONFIG_FILE_WATCH_INTERVAL);
    Poll poll = new Poll(context, file);
    log.info("watching {} every {} ms for configuration changes", file, interval.toMillis());
    ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(task ->
        Thread.ofPlatform().daemon(true).name("axle-config-file").unstarted(task));
    poller.scheduleWithFixedDelay(poll, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    return poller::shutdownNow;
  }

  /** Each read of the file; applies the difference from the first read when the file changed since the last. */
  private static final class Poll implements Runnable {
    private final Context context;
    private final Path file;
    private final String source;
    private final Map<String, String> start;
    private Map<String, String> lastRead;
    private boolean unreadableLogged;

    Poll(Context context, Path file) {
      this.context = context;
      this.file = file;
      this.source = "file " + file;
      Map<String, String> first;
      try {
        first = texts();
      } catch (RuntimeException e) {
        log.warn("{} cannot be read as configuration; changes apply once it can: {}", file, e.getMessage());
        unreadableLogged = true;
        first = Map.of();
      }
      this.start = first;
      this.lastRead = first;
    }

    private Map<String, String> texts() {
      return AxleConfig.builder().yamlFile(file).build().texts();
    }

    @Override
    public void run() {
      Map<String, String> now;
      try {
        now = texts();
      } catch (RuntimeException e) {
        if (!unreadableLogged) {
          unreadableLogged = true;
          log.warn("{} cannot be read as configuration; what runs stays until it can: {}", file, e.getMessage());
        }
        return;
      }
      unreadableLogged = false;
      if (now.equals(lastRead)) {
        return;
      }
      lastRead = now;
      Map<String, String> layer = new LinkedHashMap<>();
      now.forEach((key, text) -> {
        if (!text.equals(start.get(key))) {
          layer.put(key, text);
        }
      });
      try {
        context.apply(source, layer);
      } catch (ConfigException e) {
        // Logged by the runtime with every problem; the next edit may fix it.
      } catch (RuntimeException e) {
        log.warn("applying the change of {} failed: {}", file, e.toString());
      }
    }
  }
}
