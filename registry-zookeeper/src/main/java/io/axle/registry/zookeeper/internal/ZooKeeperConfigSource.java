package io.axle.registry.zookeeper.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigSource;
import io.axle.config.CoreConfigKeys;
import io.axle.registry.zookeeper.ZooKeeperKeys;
import io.axle.registry.zookeeper.ZooKeeperRegistryFactory;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.apache.curator.framework.recipes.cache.CuratorCacheStorage;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.common.PathUtils;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service's configuration in ZooKeeper, on the registry's ensemble: {@code <root>/config/<service>} for every
 * instance of the service and {@code <root>/config/<service>/instances/<instance id>} for one, each holding YAML
 * or JSON text with the keys of {@code microservice.yaml}. The two nodes make one layer, sent as one source
 * ({@code zookeeper <root>/config/<service>}) with the instance's keys over the service's: were they two sources,
 * the one that changed first would lie below (docs/live-configuration.md), and an instance node written before
 * the service node would lose to it.
 *
 * <p>Curator's caches watch both nodes (one {@link CuratorCache} each, a single node: the instance nodes under
 * the service's are none of its business) and keep their last data while ZooKeeper cannot be reached: the
 * instance stays on its version meanwhile, and once it can the caches read the nodes again and it converges to
 * what they hold, even where the cache itself sees no change ({@link TellingStorage}). The client is a session
 * of its own, made as the registry's is ({@link ZooKeeperClients}): the registry's session keeps the instance's
 * entry, and a watch's trouble must not touch it.
 *
 * <p>{@code watch} returns once what the nodes hold was applied (or refused), waiting at most {@code
 * axle.registry.zookeeper.start-timeout}, so that {@code Axle.start} returns with it in force (the runtime
 * starts its sources once registered, so calls may reach the instance those few milliseconds before).
 *
 * <p>A change is applied off Curator's thread (applying assembles every chain), on a thread of the watch's,
 * in order, each time with what both caches hold then, so a burst of writes lands on its last. Text that does
 * not parse is logged once at WARN naming the node, and nothing is sent until it parses; a change the runtime
 * refuses is logged by the runtime, and the watch goes on.
 */
public final class ZooKeeperConfigSource implements ConfigSource {
  private static final Logger log = LoggerFactory.getLogger("io.axle.config");
  /** How long a close waits for a change being applied, so that the runtime does not stop under it. */
  private static final Duration CLOSE_WAIT = Duration.ofSeconds(5);

  @Override
  public Watch watch(Context context) {
    AxleConfig config = context.config();
    if (!config.get(CoreConfigKeys.REGISTRY_TYPE).equals(ZooKeeperRegistryFactory.TYPE)
        || !config.get(ZooKeeperKeys.CONFIG_ENABLED)) {
      return null;
    }
    Duration startTimeout = config.get(ZooKeeperKeys.START_TIMEOUT);
    long deadline = System.nanoTime() + startTimeout.toNanos();
    String servicePath = servicePath(config, context.serviceName());
    String instancePath = context.instanceId().map(id -> servicePath + "/instances/" + id).orElse(null);
    ExecutorService applier = Executors.newSingleThreadExecutor(task ->
        Thread.ofPlatform().daemon(true).name("axle-config-zookeeper").unstarted(task));
    CuratorFramework client;
    try {
      // The caches notify on the applier's thread too (ChaosTest found Curator's own notifier outliving the client).
      client = ZooKeeperClients.newClient(config, deadline, applier);
      ZooKeeperClients.start(client, config, deadline);
    } catch (RuntimeException e) {
      applier.shutdownNow();
      throw e;
    }
    Watching watching = new Watching(context, client, applier, servicePath, instancePath);
    try {
      watching.start();
      String where = instancePath == null ? servicePath : servicePath + " and " + instancePath;
      if (watching.awaitFirstRead(deadline)) {
        log.info("watching {} in ZooKeeper at {} for configuration changes", where,
            config.get(ZooKeeperKeys.CONNECT_STRING));
      } else {
        log.warn("{} in ZooKeeper at {} not read within {} = {} ms; the service runs without what they hold until "
            + "they are", where, config.get(ZooKeeperKeys.CONNECT_STRING), ZooKeeperKeys.START_TIMEOUT.name(),
            startTimeout.toMillis());
      }
    } catch (RuntimeException e) {
      watching.close();
      throw e;
    }
    return watching::close;
  }

  /**
   * {@code <root>/config/<service>}.
   *
   * @throws ConfigException when the service's name cannot be one node under it
   */
  private static String servicePath(AxleConfig config, String serviceName) {
    String root = config.get(ZooKeeperKeys.ROOT);
    String path = (root.equals("/") ? "" : root) + "/config/" + serviceName;
    String problem = null;
    if (serviceName.contains("/") || serviceName.equals(".") || serviceName.equals("..")) {
      problem = "a name without '/'";
    } else {
      try {
        PathUtils.validatePath(path);
      } catch (IllegalArgumentException e) {
        problem = "a name ZooKeeper takes in a path (" + e.getMessage() + ")";
      }
    }
    if (problem != null) {
      throw new ConfigException(CoreConfigKeys.SERVICE_NAME.name() + ": " + serviceName + " (expected: " + problem
          + ": the service's configuration is read from the node " + ZooKeeperKeys.ROOT.name() + "/config/<service>; "
          + "or " + ZooKeeperKeys.CONFIG_ENABLED.name() + ": false) — "
          + config.origin(CoreConfigKeys.SERVICE_NAME.name()));
    }
    return path;
  }

  /** The caches of the nodes, the thread that applies what they hold, and what it sent last. */
  private static final class Watching {
    private final Context context;
    private final CuratorFramework client;
    private final String source;
    /** The service's node, then the instance's when the instance is registered: later wins. */
    private final List<String> paths = new ArrayList<>();
    private final List<CuratorCache> caches = new ArrayList<>();
    /** Counts down as each cache has first read its node: until all have, there is no layer to send. */
    private final CountDownLatch initialized;
    private final CompletableFuture<Void> firstRead = new CompletableFuture<>();
    private final ExecutorService applier;
    private final AtomicBoolean pending = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    /** The layer sent last (on the applier's thread only): nothing is sent again for an event that changed none. */
    private Map<String, String> lastSent = Map.of();
    /** Each node's text last warned about as unreadable (on the applier's thread only), so that it warns once. */
    private final Map<String, String> warned = new HashMap<>();

    Watching(Context context, CuratorFramework client, ExecutorService applier, String servicePath,
        String instancePath) {
      this.context = context;
      this.client = client;
      this.applier = applier;
      this.source = "zookeeper " + servicePath;
      paths.add(servicePath);
      if (instancePath != null) {
        paths.add(instancePath);
      }
      for (String path : paths) {
        caches.add(CuratorCache.builder(client, path)
            .withOptions(CuratorCache.Options.SINGLE_NODE_CACHE)
            .withStorage(new TellingStorage(this::requestSync))
            .withExceptionHandler(e -> failedRead(path, e))
            .build());
      }
      this.initialized = new CountDownLatch(caches.size());
    }

    void start() {
      for (CuratorCache cache : caches) {
        // Changes are heard from the storage (TellingStorage); the listener hears of the first read.
        cache.listenable().addListener(CuratorCacheListener.builder()
            .forInitialized(() -> {
              initialized.countDown();
              requestSync();
            })
            .build());
        cache.start();
      }
    }

    /** True once the nodes were first read and what they held applied (or refused), by {@code deadline}. */
    boolean awaitFirstRead(long deadline) {
      try {
        firstRead.get(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
        return true;
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return false;
      } catch (TimeoutException | ExecutionException e) {
        return false;
      }
    }

    /** From Curator's thread: one sync queued at a time, which reads the caches when it runs. */
    private void requestSync() {
      if (closed.get() || !pending.compareAndSet(false, true)) {
        return;
      }
      try {
        applier.execute(this::sync);
      } catch (RejectedExecutionException e) {
        // Closed meanwhile: nothing more is applied.
      }
    }

    private void sync() {
      pending.set(false);
      if (closed.get() || initialized.getCount() > 0) {
        return;
      }
      try {
        layer().filter(layer -> !layer.equals(lastSent)).ifPresent(this::send);
      } finally {
        firstRead.complete(null);
      }
    }

    private void send(Map<String, String> layer) {
      lastSent = layer;
      try {
        context.apply(source, layer);
      } catch (ConfigException e) {
        // Refused and logged by the runtime, which runs on as it was; the next write may fix it.
      } catch (RuntimeException e) {
        if (!closed.get()) {
          // Not the content's fault: sent again with the next change of a node.
          lastSent = null;
          log.warn("applying the configuration of {} failed: {}", source, e.toString());
        }
      }
    }

    /**
     * The nodes' keys merged, the instance's over the service's; empty while a node holds text that does not
     * parse, since a layer without it would undo what it sets.
     */
    private Optional<Map<String, String>> layer() {
      Map<String, String> layer = new LinkedHashMap<>();
      boolean readable = true;
      for (int i = 0; i < paths.size(); i++) {
        Optional<Map<String, String>> keys = keys(paths.get(i), caches.get(i).get(paths.get(i)));
        if (keys.isPresent()) {
          layer.putAll(keys.get());
        } else {
          readable = false;
        }
      }
      return readable ? Optional.of(Map.copyOf(layer)) : Optional.empty();
    }

    /** A node's keys and their texts: none when it does not exist or is empty; empty when it does not parse. */
    private Optional<Map<String, String>> keys(String path, Optional<ChildData> node) {
      byte[] data = node.map(ChildData::getData).orElse(null);
      if (data == null || data.length == 0) {
        warned.remove(path);
        return Optional.of(Map.of());
      }
      String text = new String(data, StandardCharsets.UTF_8);
      try {
        Map<String, String> keys = AxleConfig.builder().yaml(text, "ZooKeeper node " + path).build().texts();
        warned.remove(path);
        return Optional.of(keys);
      } catch (ConfigException e) {
        if (!text.equals(warned.put(path, text))) {
          // The problem names the node and where its text fails: "ZooKeeper node <path>: YAML syntax error at …".
          log.warn("{} (expected: YAML or JSON mapping the keys of microservice.yaml to values); the running "
              + "configuration stays until the node parses", String.join("; ", e.problems()));
        }
        return Optional.empty();
      }
    }

    /**
     * A cache's read that failed. One lost with the connection is read again once ZooKeeper answers (the caches
     * read their nodes again at each reconnection), and the registry already says ZooKeeper cannot be reached.
     */
    private void failedRead(String path, Exception e) {
      if (closed.get()) {
        return;
      }
      if (e instanceof KeeperException.ConnectionLossException || e instanceof KeeperException.SessionExpiredException
          || e instanceof KeeperException.SessionMovedException) {
        log.debug("reading ZooKeeper node {}: {}; read again once ZooKeeper answers", path, e.toString());
      } else {
        log.warn("reading ZooKeeper node {} failed: {}; it is read again with its next change or once ZooKeeper "
            + "is reached again", path, e.toString());
      }
    }

    void close() {
      if (!closed.compareAndSet(false, true)) {
        return;
      }
      caches.forEach(CuratorCache::close);
      applier.shutdown();
      try {
        if (!applier.awaitTermination(CLOSE_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
          log.warn("a configuration change from {} still being applied after {} ms; closing its watch anyway",
              source, CLOSE_WAIT.toMillis());
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      client.close();
    }
  }

  /**
   * A cache's storage that asks for a sync at each write to it. Curator's cache tells its listeners of a node
   * whose data version changed, and of nothing else: a node deleted and made again while this process could not
   * reach ZooKeeper (so that it heard of neither) has the version it had before, 0 if it was written once, and
   * other data, which the cache stores without telling anyone when it reads the node again on reconnection. A
   * sync for a write that changed nothing sends nothing.
   */
  private static final class TellingStorage implements CuratorCacheStorage {
    private final CuratorCacheStorage stored = CuratorCacheStorage.standard();
    private final Runnable written;

    TellingStorage(Runnable written) {
      this.written = written;
    }

    @Override
    public Optional<ChildData> put(ChildData data) {
      Optional<ChildData> before = stored.put(data);
      written.run();
      return before;
    }

    @Override
    public Optional<ChildData> remove(String path) {
      Optional<ChildData> before = stored.remove(path);
      if (before.isPresent()) {
        written.run();
      }
      return before;
    }

    @Override
    public void clear() {
      stored.clear();
    }

    @Override
    public Optional<ChildData> get(String path) {
      return stored.get(path);
    }

    @Override
    public int size() {
      return stored.size();
    }

    @Override
    public Stream<ChildData> stream() {
      return stored.stream();
    }
  }
}
