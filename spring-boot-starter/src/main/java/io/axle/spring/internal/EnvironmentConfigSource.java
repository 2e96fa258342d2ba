package io.axle.spring.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigSource;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * Spring's {@code Environment} as a source of changes ({@code axle.config.environment-watch.enabled}): its
 * {@code axle.*} keys are read again every {@code axle.config.environment-watch.interval}, as the start read them
 * ({@link EnvironmentConfig}: the same names, spellings and precedence), and what differs from the start becomes the
 * layer of the source {@value #SOURCE}. Polling, because plain Boot publishes no event when a property source
 * changes; reading a few dozen names a second costs nothing next to a service's calls.
 *
 * <p>The runtime validates a change as it does any other: a bad value or a restart-only key is refused with one
 * WARN and kept as the last refused change, and the source tries again only when the Environment changes again.
 */
final class EnvironmentConfigSource implements ConfigSource {
  static final String SOURCE = "environment";
  private static final Logger log = LoggerFactory.getLogger("io.axle.config");

  private final ConfigurableEnvironment environment;
  private final boolean webServer;

  EnvironmentConfigSource(ConfigurableEnvironment environment, boolean webServer) {
    this.environment = environment;
    this.webServer = webServer;
  }

  @Override
  public Watch watch(Context context) {
    AxleConfig config = context.config();
    if (!config.get(SpringConfigKeys.ENVIRONMENT_WATCH)) {
      return null;
    }
    Duration interval = config.get(SpringConfigKeys.ENVIRONMENT_WATCH_INTERVAL);
    Poll poll = new Poll(context, texts());
    log.info("watching Spring's Environment every {} ms for configuration changes", interval.toMillis());
    ScheduledExecutorService poller = Executors.newSingleThreadScheduledExecutor(task ->
        Thread.ofPlatform().daemon(true).name("axle-config-environment").unstarted(task));
    poller.scheduleWithFixedDelay(poll, interval.toMillis(), interval.toMillis(), TimeUnit.MILLISECONDS);
    return poller::shutdownNow;
  }

  /** The Environment's Axle keys now, as text, not validated: the runtime judges a change. */
  private Map<String, String> texts() {
    return EnvironmentConfig.texts(environment, webServer);
  }

  /** Each read; applies the difference from the start's when the Environment changed since the last read. */
  private final class Poll implements Runnable {
    private final Context context;
    private final Map<String, String> start;
    private Map<String, String> lastRead;

    Poll(Context context, Map<String, String> start) {
      this.context = context;
      this.start = start;
      this.lastRead = start;
    }

    @Override
    public void run() {
      Map<String, String> now;
      try {
        now = texts();
      } catch (RuntimeException e) {
        log.warn("Spring's Environment could not be read for configuration changes: {}", e.toString());
        return;
      }
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
      // A key the Environment no longer has returns to what the service started with: the layer leaves it out.
      try {
        context.apply(SOURCE, layer);
      } catch (ConfigException e) {
        // Logged by the runtime with every problem; the next change may fix it.
      } catch (RuntimeException e) {
        log.warn("applying the change of Spring's Environment failed: {}", e.toString());
      }
    }
  }
}
