package io.axle.registry;

import java.util.concurrent.atomic.AtomicBoolean;

/**
 * A listener's place on a {@link ServiceInstances}, as {@link ServiceInstances#watch} made it. Closing it
 * takes the listener off: no call of it starts afterwards (one already under way on another thread may
 * finish), and the registry keeps no reference to it. A registry may then stop following the service
 * (ZooKeeper closes its cache of it once no watch is left). {@link #close} is idempotent and throws
 * no checked exception, so that a holder can close it from any stop path.
 */
@FunctionalInterface
public interface Watch extends AutoCloseable {
  /** Takes the listener off; the second and later calls do nothing. */
  @Override
  void close();

  /** A watch whose first {@link #close} runs {@code release}, and whose later ones do nothing. */
  static Watch of(Runnable release) {
    AtomicBoolean closed = new AtomicBoolean();
    return () -> {
      if (closed.compareAndSet(false, true)) {
        release.run();
      }
    };
  }
}
