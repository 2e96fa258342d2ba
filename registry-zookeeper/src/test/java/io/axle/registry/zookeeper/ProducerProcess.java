package io.axle.registry.zookeeper;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

/** A {@link ProducerMain} in a JVM of its own: stopped with SIGTERM (gracefully) or killed with SIGKILL. */
record ProducerProcess(String name, Process process, int port) {

  /** Starts one and waits until it is registered and serving. */
  static ProducerProcess start(String connectString, String root, String name) throws Exception {
    String java = ProcessHandle.current().info().command()
        .orElse(System.getProperty("java.home") + File.separator + "bin" + File.separator + "java");
    Process process = new ProcessBuilder(java, "-Xmx256m", "-XX:TieredStopAtLevel=1", "-cp",
        System.getProperty("java.class.path"), ProducerMain.class.getName(), connectString, root, name)
        .redirectErrorStream(true)
        .start();
    BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
    String line;
    StringBuilder seen = new StringBuilder();
    while ((line = out.readLine()) != null) {
      if (line.startsWith("READY ")) {
        // Keep draining its output, or it would block once the pipe is full.
        Thread.ofPlatform().daemon().start(() -> out.lines().forEach(l -> { }));
        return new ProducerProcess(name, process, Integer.parseInt(line.substring(6).trim()));
      }
      seen.append(line).append('\n');
    }
    throw new AssertionError("producer " + name + " ended before it was ready:\n" + seen);
  }

  /** SIGTERM: the producer marks itself down, deregisters and drains before it exits. */
  void stop() throws InterruptedException {
    process.destroy();
    if (!process.waitFor(30, TimeUnit.SECONDS)) {
      throw new AssertionError("producer " + name + " did not stop within 30 s of SIGTERM");
    }
  }

  /** SIGKILL: gone at once, calls in flight and registration left behind. */
  void kill() throws InterruptedException {
    process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
  }
}
