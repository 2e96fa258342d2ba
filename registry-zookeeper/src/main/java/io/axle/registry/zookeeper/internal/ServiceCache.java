package io.axle.registry.zookeeper.internal;

import io.axle.registry.InstanceList;
import io.axle.registry.ServiceInstance;
import io.axle.registry.ServiceInstances;
import io.axle.registry.Watch;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.Watcher.WatcherType;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One service's live instance list: while the service is followed, a Curator cache of its node and
 * its children (one per instance), decoded after each change. The cache keeps what it last read
 * while ZooKeeper cannot be reached and catches up when it can, so consumers go on calling the last
 * known instances. A node whose data cannot be read is left out with one warning per version of it.
 *
 * <p>The cache is opened by a lookup or a watch and closed when the last watch is closed, and then
 * this client's watches on the service's node are removed at ZooKeeper too: closing Curator's cache
 * takes its persistent watch off this client only, and ZooKeeper would go on sending the service's
 * changes for the life of the session. The list stays as last read, and the next lookup or watch
 * opens a cache again, started once that removal is done (a removal answered after a new cache
 * started would remove its watch too). A lookup with no watch leaves the cache open, as a lookup's
 * reader has nothing to close.
 */
final class ServiceCache implements ServiceInstances, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ServiceCache.class);
  /** How long a new cache of the service waits at most for the removal of the previous one's watches. */
  private static final Duration REMOVAL_WAIT = Duration.ofSeconds(10);

  private final CuratorFramework client;
  private final String serviceName;
  private final String servicePath;
  private final String registryName;
  private final InstanceList list;
  /** Node path to the modification id of the data already warned about, so that each bad version warns once. */
  private final Map<String, Long> warned = new ConcurrentHashMap<>();
  /** Guards {@link #feed}, {@link #watches} and {@link #closed}; never held while a listener runs. */
  private final Object lock = new Object();
  private Feed feed;
  private int watches;
  private boolean closed;
  /** Completes once ZooKeeper answered the removal of the watches of the feed closed last. */
  private CompletableFuture<Void> released = CompletableFuture.completedFuture(null);

  ServiceCache(CuratorFramework client, String servicePath, String serviceName, String registryName) {
    this.client = client;
    this.serviceName = serviceName;
    this.servicePath = servicePath;
    this.registryName = registryName;
    this.list = new InstanceList(serviceName);
  }

  /**
   * The Curator cache of the service, opened unless it is, for a lookup to wait on.
   *
   * @throws IllegalStateException once the registry is closed
   */
  Feed open() {
    synchronized (lock) {
      if (closed) {
        throw new IllegalStateException("watch of " + serviceName + ": " + registryName + " is closed");
      }
      if (feed == null) {
        Feed next = new Feed();
        feed = next;
        released.thenRun(next::start);
      }
      return feed;
    }
  }

  /** True while the Curator cache of the service is open. */
  boolean isOpen() {
    synchronized (lock) {
      return feed != null;
    }
  }

  /**
   * One opening of the Curator cache: a cache closed and opened again is a new feed, so that a late
   * event of the closed one cannot overwrite what the new one read.
   */
  final class Feed {
    private final CuratorCache cache = CuratorCache.build(client, servicePath);
    private final CountDownLatch initialized = new CountDownLatch(1);
    private volatile boolean stopped;
    private volatile boolean waitedInVain;

    /** Synchronized with {@link #stop}: a start that runs once the feed was stopped leaves no cache running. */
    private synchronized void start() {
      if (stopped) {
        return;
      }
      cache.listenable().addListener(CuratorCacheListener.builder()
          .forAll((type, oldData, data) -> {
            if (initialized.getCount() == 0) {
              refresh(this);
            }
          })
          .forInitialized(() -> {
            refresh(this);
            initialized.countDown();
          })
          .build());
      cache.start();
    }

    private synchronized void stop() {
      stopped = true;
      cache.close();
    }

    /** True once a lookup waited the whole start timeout for the first read. */
    boolean waitedInVain() {
      return waitedInVain;
    }

    void markWaitedInVain() {
      waitedInVain = true;
    }

    /** Waits for the first full read; false if it did not come within {@code timeout}. */
    boolean awaitInitialized(Duration timeout) throws InterruptedException {
      return initialized.await(timeout.toMillis(), TimeUnit.MILLISECONDS);
    }
  }

  private synchronized void refresh(Feed from) {
    if (from.stopped) {
      return;
    }
    List<ServiceInstance> next = new ArrayList<>();
    String prefix = servicePath + "/";
    from.cache.stream()
        .filter(d -> d.getPath().startsWith(prefix) && d.getPath().indexOf('/', prefix.length()) < 0)
        .sorted(Comparator.comparing(ChildData::getPath))
        .forEach(d -> decode(d, next));
    list.set(next);
  }

  private void decode(ChildData node, List<ServiceInstance> into) {
    try {
      ServiceInstance instance = InstanceCodec.decode(node.getData());
      if (!instance.serviceName().equals(serviceName)) {
        throw new IllegalArgumentException("service: " + instance.serviceName() + " (expected: " + serviceName
            + ", the name of its parent node)");
      }
      into.add(instance);
      warned.remove(node.getPath());
    } catch (IllegalArgumentException e) {
      Stat stat = node.getStat();
      long version = stat != null ? stat.getMzxid() : -1;
      Long before = warned.put(node.getPath(), version);
      if (before == null || before != version) {
        log.warn("skipping ZooKeeper node {}: its data is not an Axle instance: {} (expected: the JSON an Axle "
            + "provider registers, see docs/registry.md)", node.getPath(), e.getMessage());
      }
    }
  }

  @Override
  public String serviceName() {
    return serviceName;
  }

  @Override
  public List<ServiceInstance> instances() {
    return list.instances();
  }

  /**
   * Opens the cache unless it is open. Not waiting for its first read: the listener hears of it.
   *
   * @throws IllegalStateException once the registry is closed
   */
  @Override
  public Watch watch(Consumer<List<ServiceInstance>> listener) {
    Watch listed;
    synchronized (lock) {
      open();
      listed = list.watch(listener);
      watches++;
    }
    return Watch.of(() -> {
      listed.close();
      release();
    });
  }

  private void release() {
    synchronized (lock) {
      watches--;
      if (watches == 0 && feed != null && !closed) {
        feed.stop();
        feed = null;
        released = removeWatches();
      }
    }
  }

  /**
   * Removes this client's watches on the service's node at ZooKeeper, in the background; completes when
   * ZooKeeper answered, or after {@link #REMOVAL_WAIT} if it does not, so that a lost answer does not
   * leave the service unwatched. No other part of the registry watches the service's node itself.
   */
  private CompletableFuture<Void> removeWatches() {
    CompletableFuture<Void> done = new CompletableFuture<>();
    try {
      // "Quietly": the client no longer lists the watch (the cache took it off), which it would report as an error.
      client.watchers().removeAll().ofType(WatcherType.Any).quietly()
          .inBackground((c, event) -> done.complete(null))
          .forPath(servicePath);
    } catch (Exception e) {
      log.debug("the watches of {} were not removed from ZooKeeper: {}", servicePath, e.toString());
      done.complete(null);
    }
    return done.completeOnTimeout(null, REMOVAL_WAIT.toMillis(), TimeUnit.MILLISECONDS);
  }

  @Override
  public void close() {
    synchronized (lock) {
      closed = true;
      if (feed != null) {
        feed.stop();
        feed = null;
      }
    }
  }
}
