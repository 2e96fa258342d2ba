package io.axle.registry.zookeeper.internal;

import io.axle.registry.InstanceList;
import io.axle.registry.ServiceInstance;
import io.axle.registry.ServiceInstances;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.zookeeper.data.Stat;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One service's live instance list: a Curator cache of the service's node and its children (one
 * per instance), decoded after each change. The cache keeps what it last read while ZooKeeper
 * cannot be reached and catches up when it can, so consumers go on calling the last known
 * instances. A node whose data cannot be read is left out with one warning per version of it.
 */
final class ServiceCache implements ServiceInstances, AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(ServiceCache.class);

  private final String serviceName;
  private final String servicePath;
  private final CuratorCache cache;
  private final CountDownLatch initialized = new CountDownLatch(1);
  private final InstanceList list;
  /** Node path to the modification id of the data already warned about, so that each bad version warns once. */
  private final Map<String, Long> warned = new ConcurrentHashMap<>();

  ServiceCache(CuratorFramework client, String servicePath, String serviceName) {
    this.serviceName = serviceName;
    this.servicePath = servicePath;
    this.list = new InstanceList(serviceName);
    this.cache = CuratorCache.build(client, servicePath);
    cache.listenable().addListener(CuratorCacheListener.builder()
        .forAll((type, oldData, data) -> {
          if (initialized.getCount() == 0) {
            refresh();
          }
        })
        .forInitialized(() -> {
          refresh();
          initialized.countDown();
        })
        .build());
    cache.start();
  }

  private volatile boolean waitedInVain;

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

  private synchronized void refresh() {
    List<ServiceInstance> next = new ArrayList<>();
    String prefix = servicePath + "/";
    cache.stream()
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

  @Override
  public void watch(Consumer<List<ServiceInstance>> listener) {
    list.watch(listener);
  }

  @Override
  public void close() {
    cache.close();
  }
}
