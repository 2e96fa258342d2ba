package io.axle.registry.zookeeper.internal;

import io.axle.config.AxleConfig;
import io.axle.registry.Registration;
import io.axle.registry.Registry;
import io.axle.registry.ServiceInstance;
import io.axle.registry.ServiceInstances;
import io.axle.registry.zookeeper.ZooKeeperKeys;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.state.ConnectionState;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The registry on ZooKeeper. Layout: {@code <root>/services/<service>/<instance id>}, one
 * ephemeral node per provider instance holding its JSON ({@link InstanceCodec}). Providers keep
 * their node through connection and session loss (Curator's persistent node recipe); consumers
 * read a service through a {@link ServiceCache}. One Curator client per runtime; thread-safe.
 */
public final class ZooKeeperRegistry implements Registry {
  private static final Logger log = LoggerFactory.getLogger(ZooKeeperRegistry.class);

  private final CuratorFramework client;
  private final String connectString;
  private final String servicesPath;
  private final Duration startTimeout;
  private final Map<String, ServiceCache> caches = new ConcurrentHashMap<>();
  private final List<InstanceNode> registrations = new CopyOnWriteArrayList<>();
  private final AtomicBoolean closed = new AtomicBoolean();

  private ZooKeeperRegistry(CuratorFramework client, String connectString, String root, Duration startTimeout) {
    this.client = client;
    this.connectString = connectString;
    this.servicesPath = (root.equals("/") ? "" : root) + "/services";
    this.startTimeout = startTimeout;
  }

  /**
   * Connects to the ensemble {@code axle.registry.zookeeper.connect-string} names.
   *
   * @throws IllegalStateException naming the key and the address when no server answers within
   *     {@code axle.registry.zookeeper.start-timeout}, with each server's problem when none could (every
   *     host unknown or refusing connections all that time)
   */
  public static ZooKeeperRegistry connect(AxleConfig config) {
    Duration startTimeout = config.get(ZooKeeperKeys.START_TIMEOUT);
    long deadline = System.nanoTime() + startTimeout.toNanos();
    String connectString = config.get(ZooKeeperKeys.CONNECT_STRING);
    CuratorFramework client = ZooKeeperClients.newClient(config, deadline);
    ZooKeeperRegistry registry = new ZooKeeperRegistry(client, connectString, config.get(ZooKeeperKeys.ROOT),
        startTimeout);
    client.getConnectionStateListenable().addListener((c, state) -> registry.onStateChange(state));
    ZooKeeperClients.start(client, config, deadline);
    log.info("connected to ZooKeeper at {}; services under {}", connectString, registry.servicesPath);
    return registry;
  }

  private final AtomicBoolean unreachable = new AtomicBoolean();

  private void onStateChange(ConnectionState state) {
    switch (state) {
      case SUSPENDED, LOST -> {
        if (!closed.get() && unreachable.compareAndSet(false, true)) {
          log.warn("ZooKeeper at {} cannot be reached ({}); calls go on to the last known instances, and this "
              + "process's registrations are renewed once it can be reached", connectString, state);
        }
      }
      case RECONNECTED -> {
        if (unreachable.compareAndSet(true, false)) {
          log.info("ZooKeeper at {} reached again; catching up with the instances listed there", connectString);
        }
      }
      default -> {
      }
    }
  }

  /** Reachable while Curator's connection is up: false from SUSPENDED or LOST until RECONNECTED, and once closed. */
  @Override
  public boolean isReachable() {
    return !closed.get() && !unreachable.get() && client.getZookeeperClient().isConnected();
  }

  @Override
  public ServiceInstances lookup(String serviceName) {
    if (closed.get()) {
      throw new IllegalStateException("lookup of " + serviceName + ": the ZooKeeper registry at " + connectString
          + " is closed");
    }
    nodeName("reference to service", serviceName);
    ServiceCache cache = caches.computeIfAbsent(serviceName,
        name -> new ServiceCache(client, servicesPath + "/" + name, name,
            "the ZooKeeper registry at " + connectString));
    ServiceCache.Feed feed = cache.open();
    try {
      // Every lookup waits for the first read (a second one must not take an empty list for the
      // truth), but once one wait ran out, later lookups do not wait again for the same opening.
      if (!feed.waitedInVain() && !feed.awaitInitialized(startTimeout)) {
        feed.markWaitedInVain();
        log.warn("the instances of {} were not read from ZooKeeper at {} within {} ms; going on with none until "
            + "they are", serviceName, connectString, startTimeout.toMillis());
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    return cache;
  }

  @Override
  public Set<String> knownServices() {
    Set<String> known = new TreeSet<>();
    try {
      if (client.checkExists().forPath(servicesPath) != null) {
        for (String service : client.getChildren().forPath(servicesPath)) {
          if (!client.getChildren().forPath(servicesPath + "/" + service).isEmpty()) {
            known.add(service);
          }
        }
      }
    } catch (Exception e) {
      // Unreachable: what the caches hold is the best answer there is.
      caches.forEach((name, cache) -> {
        if (!cache.instances().isEmpty()) {
          known.add(name);
        }
      });
    }
    return known;
  }

  @Override
  public Registration register(ServiceInstance instance) {
    nodeName("axle.service.name:", instance.serviceName());
    nodeName("axle.registry.instance-id:", instance.instanceId());
    String path = servicesPath + "/" + instance.serviceName() + "/" + instance.instanceId();
    InstanceNode node = new InstanceNode(client, path, instance);
    if (!node.awaitCreated(startTimeout)) {
      node.deregister();
      throw new IllegalStateException("registering " + instance.instanceId() + " at " + path + " in ZooKeeper at "
          + connectString + ": not done within " + ZooKeeperKeys.START_TIMEOUT.name() + " = "
          + startTimeout.toMillis() + " ms (expected: a ZooKeeper ensemble that answers and lets this client "
          + "create nodes under " + servicesPath + ")");
    }
    registrations.add(node);
    return node;
  }

  /**
   * A service name or an instance id is one node under the root: a '/' would nest it where no
   * consumer looks, and ZooKeeper refuses "." and "..".
   */
  private static void nodeName(String what, String name) {
    if (name.contains("/") || name.equals(".") || name.equals("..")) {
      throw new IllegalArgumentException(what + " " + name + " (expected: a name without '/', usable as a ZooKeeper "
          + "node name)");
    }
  }

  /**
   * The services whose instances this registry follows now (a Curator cache open): those looked up or
   * watched since their last watch was closed. For tools and tests.
   */
  public Set<String> followedServices() {
    Set<String> followed = new TreeSet<>();
    caches.forEach((name, cache) -> {
      if (cache.isOpen()) {
        followed.add(name);
      }
    });
    return followed;
  }

  /** The Curator client, for tools and tests that look at ZooKeeper itself. */
  public CuratorFramework client() {
    return client;
  }

  @Override
  public boolean isDynamic() {
    return true;
  }

  @Override
  public String describe() {
    return "ZooKeeper at " + connectString + " under " + servicesPath;
  }

  @Override
  public String howToList(String serviceName, String transport) {
    return "a running provider of " + serviceName + " with a " + transport + " endpoint, registered in ZooKeeper at "
        + connectString + " under " + servicesPath + " (the same axle.registry.zookeeper.root)";
  }

  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    registrations.forEach(InstanceNode::deregister);
    caches.values().forEach(ServiceCache::close);
    client.close();
  }
}
