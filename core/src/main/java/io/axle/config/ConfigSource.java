package io.axle.config;

import java.util.Map;
import java.util.Optional;

/**
 * A place changes to a running service's configuration come from: a watched file, a ZooKeeper node, an
 * operator's endpoint. Found with {@link java.util.ServiceLoader} ({@code META-INF/services/io.axle.config.ConfigSource})
 * or given to {@code Axle.Builder.configSource}; started once the runtime serves and before it registers (so that
 * what a source holds is in force before any consumer sees the instance), closed first when it stops.
 *
 * <p>A source sends the whole of its layer with each change ({@link Context#apply}): what it no longer sets
 * falls back to what lies below. The runtime validates and applies the change as a whole, or refuses it and
 * logs why; a source need not log either, and keeps watching after a refusal.
 */
public interface ConfigSource {
  /**
   * Starts watching when the start's configuration ({@link Context#config()}) asks for this source.
   *
   * @return the watch, closed when the runtime stops; {@code null} when the configuration does not ask for
   *     this source
   * @throws ConfigException when the configuration asks for it in a way that cannot work
   */
  Watch watch(Context context);

  /** The running service, as a source sees it. */
  interface Context {
    /** The configuration the service started with. */
    AxleConfig config();

    /** The service's name ({@code axle.service.name}). */
    String serviceName();

    /** The id under which this instance is registered; empty when it registers nowhere. */
    Optional<String> instanceId();

    /**
     * Makes {@code values} the whole layer of {@code source} and applies the configuration that makes.
     *
     * @return the version in force after it
     * @throws ConfigException naming every problem when the change is refused (already logged); nothing of it
     *     was applied
     */
    ConfigVersion apply(String source, Map<String, ?> values);
  }

  /** A source's watch; closing it stops the changes. Idempotent. */
  @FunctionalInterface
  interface Watch extends AutoCloseable {
    @Override
    void close();
  }
}
