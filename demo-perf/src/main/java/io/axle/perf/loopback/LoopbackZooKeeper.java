package io.axle.perf.loopback;

import io.axle.perf.PerfFailure;
import java.io.IOException;
import java.io.PrintStream;
import org.apache.curator.test.TestingServer;

/**
 * {@code loopback.zookeeper}'s ZooKeeper: a real server in this process (Curator's {@link TestingServer})
 * on a free loopback port and a temporary directory, deleted when it stops. For the demo only; a service
 * points {@code axle.registry.zookeeper.connect-string} at its ensemble.
 */
final class LoopbackZooKeeper implements AutoCloseable {
  private final TestingServer server;

  private LoopbackZooKeeper(TestingServer server) {
    this.server = server;
  }

  static LoopbackZooKeeper start(PrintStream out) {
    try {
      TestingServer server = new TestingServer(true);
      out.println("loopback: ZooKeeper server listening at " + server.getConnectString()
          + "; producers register there, the consumer watches there");
      return new LoopbackZooKeeper(server);
    } catch (Exception e) {
      throw new PerfFailure("--loopback.zookeeper: the in-process ZooKeeper server did not start: " + e.getMessage());
    }
  }

  String connectString() {
    return server.getConnectString();
  }

  @Override
  public void close() {
    try {
      server.close();
    } catch (IOException e) {
      // Its temporary directory is left behind at worst; the run's results are not affected.
    }
  }
}
