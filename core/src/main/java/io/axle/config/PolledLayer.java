package io.axle.config;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A {@link ConfigSource}'s watch for a place that is read whole, again and again (a file, Spring's
 * {@code Environment}): every interval it reads the place's keys as text and, when they changed since the last
 * read, applies what differs from its first read as the source's layer. So a key added or changed takes its new
 * value, and a key changed back or removed returns to what the service started with. Polling, because it sees a
 * change wherever it happens (a file replaced by an editor, on a network mount; a property source that publishes
 * no event), and a read a second of a few keys costs nothing next to a service's calls.
 *
 * <p>A read that fails is logged once at WARN, and nothing changes until one succeeds. A refused change is logged
 * by the runtime; the watch tries again only when the place changes again.
 */
public final class PolledLayer implements Runnable {
  private static final Logger log = LoggerFactory.getLogger("io.axle.config");

  private final ConfigSource.Context context;
  private final String source;
  private final Supplier<Map<String, String>> read;
  private final Map<String, String> start;
  private Map<String, String> lastRead;
  private boolean unreadableLogged;

  private PolledLayer(ConfigSource.Context context, String source, Supplier<Map<String, String>> read) {
    this.context = context;
    this.source = source;
    this.read = read;
    Map<String, String> first;
    try {
      first = read.get();
    } catch (RuntimeException e) {
      log.warn("{} cannot be read as configuration; changes apply once it can: {}", source, e.getMessage());
      unreadableLogged = true;
      first = Map.of();
    }
    this.start = first;
    this.lastRead = first;
  }

  /**
   * Reads {@code read} now, as the layer's start, then every {@code interval} on a daemon thread named
   * {@code thread}.
   *
   * @param source the source's name in versions and logs, such as {@code file /abs/path/microservice.yaml}
   * @return the watch, which stops the reads
   */
  public static ConfigSource.Watch every(Duration interval, String thread, ConfigSource.Context context,
      String source, Supplier<Map<String, String>> read) {
    PolledLayer poll = new PolledLayer(Objects.requireNonNull(context, "context"), source, read);
    log.info("watching {} every {} ms for configuration changes", source, interval.toMillis());
    ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(task ->
        Thread.ofPlatform().daemon(true).name(thread).unstarted(task));
    poller.scheduleWithFixedDelay(poll, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    return poller::shutdownNow;
  }

  @Override
  public void run() {
    Map<String, String> now;
    try {
      now = read.get();
    } catch (RuntimeException e) {
      if (!unreadableLogged) {
        unreadableLogged = true;
        log.warn("{} cannot be read as configuration; what runs stays until it can: {}", source, e.getMessage());
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
      // Logged by the runtime with every problem; the next change may fix it.
    } catch (RuntimeException e) {
      log.warn("applying the change of {} failed: {}", source, e.toString());
    }
  }
}
