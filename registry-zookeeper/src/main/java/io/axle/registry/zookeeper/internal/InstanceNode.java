package io.axle.registry.zookeeper.internal;

import io.axle.registry.InstanceStatus;
import io.axle.registry.Registration;
import io.axle.registry.ServiceInstance;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.recipes.nodes.PersistentNode;
import org.apache.zookeeper.CreateMode;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A provider's ephemeral node, kept by Curator's {@link PersistentNode}: made again after a session
 * expired (the process lives on, so its entry must too), gone with the session when the process
 * dies, deleted when the provider stops.
 */
final class InstanceNode implements Registration {
  private static final Logger log = LoggerFactory.getLogger(InstanceNode.class);

  private final CuratorFramework client;
  /** As registered, with the properties of its last update; its status is the node's business. */
  private volatile ServiceInstance instance;
  private final PersistentNode node;
  private final AtomicInteger creations = new AtomicInteger();
  private final AtomicBoolean down = new AtomicBoolean();
  private final AtomicBoolean removed = new AtomicBoolean();

  InstanceNode(CuratorFramework client, String path, ServiceInstance instance) {
    this.client = client;
    this.instance = instance;
    this.node = new PersistentNode(client, CreateMode.EPHEMERAL, false, path, InstanceCodec.encode(instance));
    node.getListenable().addListener(created -> {
      if (creations.incrementAndGet() > 1) {
        log.info("registered {} again at {} after its ZooKeeper session was lost", instance.instanceId(), created);
      }
    });
    node.start();
  }

  boolean awaitCreated(Duration timeout) {
    try {
      return node.waitForInitialCreate(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  @Override
  public ServiceInstance instance() {
    return instance;
  }

  @Override
  public synchronized void markDown() {
    if (removed.get() || !down.compareAndSet(false, true)) {
      return;
    }
    try {
      // Kept for the node's re-creation too, so that a session lost while stopping does not bring it back UP.
      node.setData(InstanceCodec.encode(instance.withStatus(InstanceStatus.DOWN)));
    } catch (Exception e) {
      throw new IllegalStateException("marking " + instance.instanceId() + " DOWN: " + e.getMessage(), e);
    }
  }

  @Override
  public synchronized void update(java.util.Map<String, String> properties) {
    if (removed.get()) {
      return;
    }
    instance = instance.withProperties(properties);
    try {
      // Kept for the node's re-creation too, as markDown's data is.
      node.setData(InstanceCodec.encode(down.get() ? instance.withStatus(InstanceStatus.DOWN) : instance));
    } catch (Exception e) {
      throw new IllegalStateException("updating " + instance.instanceId() + ": " + e.getMessage(), e);
    }
  }

  @Override
  public void deregister() {
    if (!removed.compareAndSet(false, true)) {
      return;
    }
    if (!client.getZookeeperClient().isConnected()) {
      // Deleting would block through Curator's retries and eat the stop's grace. The recipe is still
      // closed, off this thread, so that it does not make the node again when ZooKeeper is back; the
      // node is ephemeral and goes with the session anyway.
      log.warn("ZooKeeper cannot be reached: the node of {} is deleted in the background, or goes with this "
          + "process's session", instance.instanceId());
      Thread.ofPlatform().daemon().name("axle-deregister-" + instance.instanceId()).start(this::closeNode);
      return;
    }
    closeNode();
  }

  private void closeNode() {
    try {
      node.close();
    } catch (IOException e) {
      log.warn("deleting the node of {}: {}; it goes with the session", instance.instanceId(), e.toString());
    }
  }
}
