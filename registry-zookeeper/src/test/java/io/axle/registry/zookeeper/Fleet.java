package io.axle.registry.zookeeper;

import io.axle.Axle;
import io.axle.InvocationListener;
import io.axle.config.AxleConfig;
import io.axle.testing.AxleExtension;
import io.axle.testkit.TestProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.BooleanSupplier;
import org.apache.curator.test.InstanceSpec;

/** Producers and consumers of one service that find each other in a real ZooKeeper. */
final class Fleet {
  static final String SERVICE = "greeter";

  private Fleet() {
  }

  /** The keys every runtime of a test shares: the registry type, the ensemble and a root of the test's own. */
  static Map<String, Object> registryKeys(String connectString, String root) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("axle.registry.type", "zookeeper");
    keys.put("axle.registry.zookeeper.connect-string", connectString);
    keys.put("axle.registry.zookeeper.root", root);
    keys.put("axle.registry.zookeeper.session-timeout", "2s");
    keys.put("axle.registry.zookeeper.start-timeout", "5s");
    keys.put("axle.registry.deregister-wait", "300ms");
    return keys;
  }

  /**
   * A producer named {@code name} (its answer and instance id), registered under {@code root}, whose calls the
   * test's books count.
   */
  static TestProvider producer(AxleExtension runtimes, String connectString, String root, String name) {
    return producer(connectString, root, name, runtimes.listener(name), Map.of());
  }

  /** As {@link #producer(AxleExtension, String, String, String)}, with {@code extra} keys over the fleet's. */
  static TestProvider producer(AxleExtension runtimes, String connectString, String root, String name,
      Map<String, Object> extra) {
    return producer(connectString, root, name, runtimes.listener(name), extra);
  }

  /** As {@link #producer(AxleExtension, String, String, String)}, in a process of its own ({@link ProducerMain}): no test keeps its books. */
  static TestProvider producer(String connectString, String root, String name) {
    return producer(connectString, root, name, InvocationListener.NONE, Map.of());
  }

  private static TestProvider producer(String connectString, String root, String name, InvocationListener books,
      Map<String, Object> extra) {
    TestProvider.Builder builder = TestProvider.builder(SERVICE)
        .provider("Greeter", Greeter.class, caller -> name)
        .config("axle.registry.instance-id", name)
        .config("axle.executors.default", "inline")
        .listener(books);
    registryKeys(connectString, root).forEach(builder::config);
    extra.forEach(builder::config);
    return builder.start();
  }

  /** A consumer of the fleet over {@code transport}, with {@code extra} keys on top, started by the test's extension. */
  static Axle consumer(AxleExtension runtimes, String connectString, String root, String transport,
      Map<String, Object> extra) {
    AxleConfig.Builder config = AxleConfig.builder()
        .put("axle.service.name", "caller")
        .put("axle.references.transport", transport)
        .put("axle.highway.client.thread-count", 1)
        .put("axle.rest.client.thread-count", 1)
        .put("axle.request.timeout", "5s");
    registryKeys(connectString, root).forEach(config::put);
    extra.forEach(config::put);
    return runtimes.start(Axle.builder().config(config.build()));
  }

  /** Polls {@code condition} until it holds; fails naming {@code what} after {@code timeout}. */
  static void await(Duration timeout, String what, BooleanSupplier condition) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (!condition.getAsBoolean()) {
      if (System.nanoTime() - deadline > 0) {
        throw new AssertionError("not within " + timeout.toMillis() + " ms: " + what);
      }
      Thread.sleep(20);
    }
  }

  /** Asks the server with ZooKeeper's {@code srvr} command, allowed by default, whether it leads. */
  static boolean isLeader(InstanceSpec spec) {
    try (Socket socket = new Socket("127.0.0.1", spec.getPort())) {
      OutputStream out = socket.getOutputStream();
      out.write("srvr".getBytes(StandardCharsets.US_ASCII));
      out.flush();
      InputStream in = socket.getInputStream();
      return new String(in.readAllBytes(), StandardCharsets.US_ASCII).contains("Mode: leader");
    } catch (IOException e) {
      return false;
    }
  }
}
