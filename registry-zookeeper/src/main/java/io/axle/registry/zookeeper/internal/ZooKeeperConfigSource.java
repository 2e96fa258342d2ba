package io.axle.registry.zookeeper.internal;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigSource;
import io.axle.config.CoreConfigKeys;
import io.axle.registry.zookeeper.ZooKeeperKeys;
import io.axle.registry.zookeeper.ZooKeeperRegistryFactory;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.cache.ChildData;
import org.apache.curator.framework.recipes.cache.CuratorCache;
import org.apache.curator.framework.recipes.cache.CuratorCacheListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The service's configuration in ZooKeeper, on the registry's ensemble: {@code <root>/config/<service>} for every
 * instance of the service, and {@code <root>/config/<service>/instances/<instance-id>} for one. Each holds YAML
 * or JSON text with the keys of {@code microservice.yaml}. Both nodes make one layer, named after the service's
 * node, the instance's keys over the service's: an instance node wins whichever changed first.
 *
 * <p>Curator's caches watch both nodes and keep their last data across an outage: while ZooKeeper cannot be
 * reached the instance stays on its version, and once it can the caches read the nodes again and the instance
 * converges to what they hold. Its own client (a session of its own on the same ensemble): the registry's
 * session, which keeps the instance's entry, has nothing to share with it.
 *
 * <p>Changes are applied in order on a thread of the watch's, each time with what both caches hold then, so a
 * burst of writes lands on the last. Text that does not parse is logged once at WARN, naming the node, and
 * nothing is applied until it parses; a change the runtime refuses is logged by the runtime.
 */
public final class ZooKeeperConfigSource implements ConfigSource {
  private static final Logger log = LoggerFactory.getLogger("io.axle.config");

  @Override
  public Watch watch(Context context) {
    AxleConfig config = context.config();
    if (!config.get(CoreConfigKeys.REGISTRY_TYPE).equals(ZooKeeperRegistryFactory.TYPE)
        || !config.get(ZooKeeperKeys.CONFIG_ENABLED)) {
      return null;
    }
    String root = config.get(ZooKeeperKeys.ROOT);
    String servicePath = (root.equals("/") ? "" : root) + "/config/" + context.serviceName();
    Optional<String> instancePath = context.instanceId().map(id -> servicePath + "/instances/" + id);
    ExecutorService applier = Executors.newSingleThreadExecutor(task ->
        Thread.ofPlatform().daemon(true).name("axle-config-zookeeper").unstarted(task));
    // The caches notify on it too: left to itself, Curator makes a thread for that which outlives the client.
    CuratorFramework client = ZooKeeperRegistry.clientBuilder(config).runSafeService(applier).build();
    client.start();
    Watching watching = new Watching(context, client, applier, servicePath, instancePath.orElse(null));
    watching.start();
    log.info("watching ZooKeeper {}{} for configuration changes", servicePath,
        instancePath.map(p -> " and " + p).orElse(""));
    return watching::close;
  }

  /** The caches of both nodes, the thread that applies what they hold, and the last text of each applied. */
  private static final class Watching {
    private final Context context;
    private final CuratorFramework client;
    private final String servicePath;
    private final String instancePath;
    private final CuratorCache serviceCache;
    private final CuratorCache instanceCache;
    private final ExecutorService applier;
    private final AtomicBoolean closed = new AtomicBoolean();
    /** What was last sent, so that an event that changed nothing (a reconnect's re-read) sends nothing. */
    private Map<String, String> lastSent;
    /** The text last found unreadable, per node, so that it is logged once. */
    private final Map<String, String> unreadable = new LinkedHashMap<>();

    Watching(Context context, CuratorFramework client, ExecutorService applier, String servicePath,
        String instancePath) {
      this.context = context;
      this.client = client;
      this.applier = applier;
      this.servicePath = servicePath;
      this.instancePath = instancePath;
      this.serviceCache = CuratorCache.build(client, servicePath, CuratorCache.Options.SINGLE_NODE_CACHE);
      this.instanceCache = instancePath == null ? null
          : CuratorCache.build(client, instancePath, CuratorCache.Options.SINGLE_NODE_CACHE);
    }

    void start() {
      CuratorCacheListener listener = CuratorCacheListener.builder()
          .forAll((type, before, after) -> schedule())
          .forInitialized(this::schedule)
          .build();
      serviceCache.listenable().addListener(listener);
      serviceCache.start();
      if (instanceCache != null) {
        instanceCache.listenable().addListener(listener);
        instanceCache.start();
      }
    }

    private void schedule() {
      if (closed.get()) {
        return;
      }
      try {
        applier.execute(this::applyCurrent);
      } catch (RejectedExecutionException e) {
        // Closed meanwhile: nothing more to apply.
      }
    }

    /** Reads both caches as they are now and sends their merged keys, unless they are what was sent last. */
    private void applyCurrent() {
      Map<String, String> layer = new LinkedHashMap<>();
      Optional<Map<String, String>> service = keys(serviceCache, servicePath);
      Optional<Map<String, String>> instance = instanceCache == null ? Optional.of(Map.of())
          : keys(instanceCache, instancePath);
      if (service.isEmpty() || instance.isEmpty()) {
        return; // a node that does not parse: logged; what runs stays
      }
      layer.putAll(service.get());
      layer.putAll(instance.get());
      if (layer.equals(lastSent) || (lastSent == null && layer.isEmpty())) {
        return;
      }
      lastSent = layer;
      try {
        context.apply("zookeeper " + servicePath, layer);
      } catch (ConfigException e) {
        // The runtime logged every problem; the next write may fix it.
      } catch (RuntimeException e) {
        if (!closed.get()) {
          log.warn("applying the configuration of ZooKeeper {} failed: {}", servicePath, e.toString());
        }
      }
    }

    /** The node's keys and texts: none when it does not exist or is empty, empty when it does not parse. */
    private Optional<Map<String, String>> keys(CuratorCache cache, String path) {
      Optional<ChildData> node = cache.get(path);
      byte[] data = node.map(ChildData::getData).orElse(null);
      if (data == null || data.length == 0) {
        unreadable.remove(path);
        return Optional.of(Map.of());
      }
      String text = new String(data, StandardCharsets.UTF_8);
      try {
        AxleConfig parsed = AxleConfig.builder().yaml(text, "zookeeper " + path).build();
        Map<String, String> keys = new LinkedHashMap<>();
        parsed.keys().forEach(key -> keys.put(key, parsed.getRaw(key).orElseThrow()));
        unreadable.remove(path);
        return Optional.of(keys);
      } catch (RuntimeException e) {
        if (!text.equals(unreadable.put(path, text))) {
          log.warn("ZooKeeper {} holds no configuration that can be read (expected: YAML or JSON, the keys of "
              + "microservice.yaml); what runs stays until it does: {}", path, e.getMessage());
        }
        return Optional.empty();
      }
    }

    void close() {
      if (!closed.compareAndSet(false, true)) {
        return;
      }
      serviceCache.close();
      if (instanceCache != null) {
        instanceCache.close();
      }
      client.close();
      applier.shutdownNow();
    }
  }
}
