package io.axle.registry;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The live instance list a registry keeps for one service: its latest snapshot and its watchers,
 * told of each change once, in order. What every {@link Registry} needs behind
 * {@link Registry#lookup}, so that an implementation only says what the list is now.
 * Thread-safe; changes are applied one at a time.
 */
public final class InstanceList implements ServiceInstances {
  private static final Logger log = LoggerFactory.getLogger(InstanceList.class);

  private final String serviceName;
  private final List<Watcher> watchers = new CopyOnWriteArrayList<>();
  private volatile List<ServiceInstance> instances = List.of();

  public InstanceList(String serviceName) {
    this.serviceName = serviceName;
  }

  /** Replaces the list; watchers hear of it unless it is the same as before. */
  public void set(List<ServiceInstance> next) {
    change(previous -> next);
  }

  /**
   * Applies {@code change} to the current list, one change at a time (two registrations racing do
   * not lose one); watchers hear of the result unless it is the same as before. A watcher that
   * throws is logged, and the others still hear of it.
   */
  public synchronized void change(UnaryOperator<List<ServiceInstance>> change) {
    List<ServiceInstance> next = List.copyOf(change.apply(instances));
    if (next.equals(instances)) {
      return;
    }
    instances = next;
    for (Watcher watcher : watchers) {
      // Read once: a watch closed meanwhile is skipped, one closed after this read may get this last call.
      Consumer<List<ServiceInstance>> listener = watcher.listener;
      if (listener == null) {
        continue;
      }
      try {
        listener.accept(next);
      } catch (RuntimeException e) {
        log.warn("a watcher of the instances of {} failed: {}", serviceName, e.toString());
      }
    }
  }

  @Override
  public String serviceName() {
    return serviceName;
  }

  @Override
  public List<ServiceInstance> instances() {
    return instances;
  }

  /** Each watch is an entry of its own, so that one listener watching twice is taken off once per close. */
  @Override
  public Watch watch(Consumer<List<ServiceInstance>> listener) {
    Objects.requireNonNull(listener, "listener");
    Watcher watcher = new Watcher(listener);
    watchers.add(watcher);
    return Watch.of(() -> {
      // Cleared before it leaves the list: a change iterating a copy of the list no longer calls it.
      watcher.listener = null;
      watchers.remove(watcher);
    });
  }

  /** How many watches are open, for a registry that follows a service only while someone watches it. */
  public int watchCount() {
    return watchers.size();
  }

  private static final class Watcher {
    volatile Consumer<List<ServiceInstance>> listener;

    Watcher(Consumer<List<ServiceInstance>> listener) {
      this.listener = listener;
    }
  }
}
