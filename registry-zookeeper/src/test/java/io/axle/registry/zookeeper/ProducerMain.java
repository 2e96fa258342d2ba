package io.axle.registry.zookeeper;

import io.axle.testkit.TestProvider;

/**
 * A producer in a process of its own, for the tests that kill one with SIGKILL or stop one with
 * SIGTERM (a graceful stop, through a shutdown hook): prints {@code READY <highway port>} once
 * registered, then serves until then.
 * Arguments: the ZooKeeper connect string, the root path, the producer's name.
 */
public final class ProducerMain {
  private ProducerMain() {
  }

  public static void main(String[] args) throws InterruptedException {
    // Gone with the test JVM, whatever became of it: never an orphan.
    ProcessHandle.current().parent().ifPresent(parent -> parent.onExit().thenRun(() -> Runtime.getRuntime().halt(0)));
    TestProvider producer = Fleet.producer(args[0], args[1], args[2]);
    // SIGTERM is a graceful stop (down, deregistered, drained); SIGKILL is not.
    Runtime.getRuntime().addShutdownHook(new Thread(producer::close, "graceful-stop"));
    System.out.println("READY " + producer.endpoint("highway").port());
    System.out.flush();
    Thread.sleep(Long.MAX_VALUE);
  }
}
