package io.axle.perf.loopback;

import io.axle.perf.PerfMain;
import io.axle.perf.StopSignal;
import io.axle.perf.consumer.ProducerCpu;
import io.axle.perf.producer.Producer;
import io.axle.perf.proxy.Proxy;
import io.axle.registry.Endpoint;
import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.springframework.boot.system.ApplicationHome;

/**
 * A perf producer in a child process: started with this process's java binary and class path, its
 * output relayed line by line with a {@value #PREFIX} prefix, its ready line caught, and stopped the way
 * an operator would stop it (SIGTERM, so its shutdown hook stops it gracefully) before being killed.
 */
final class ChildProducer implements AutoCloseable {
  static final String PREFIX = "[producer] ";
  static final Duration STOP_WAIT = Duration.ofSeconds(15);

  /** What a child is: how its lines are prefixed here, and how its ready line starts. */
  enum Kind {
    PRODUCER(PREFIX, Producer.READY_PREFIX),
    PROXY("[proxy] ", Proxy.READY_PREFIX);

    final String prefix;
    final String readyPrefix;

    Kind(String prefix, String readyPrefix) {
      this.prefix = prefix;
      this.readyPrefix = readyPrefix;
    }
  }

  private final Kind kind;
  /** What its relayed lines start with: the kind's prefix, or the instance's name among several. */
  private final String prefix;
  private final Process process;
  private final PrintStream out;
  private final CompletableFuture<String> readyLine = new CompletableFuture<>();
  private final Thread relay;

  private ChildProducer(Kind kind, String prefix, Process process, PrintStream out) {
    this.kind = kind;
    this.prefix = prefix;
    this.process = process;
    this.out = out;
    this.relay = Thread.ofPlatform().name("perf-producer-output").daemon(true).start(this::relayOutput);
  }

  static ChildProducer start(List<String> producerArgs, PrintStream out) throws IOException {
    return start(Kind.PRODUCER, producerArgs, out);
  }

  /** A child of that kind; a proxy's arguments must include {@code --proxy}. */
  static ChildProducer start(Kind kind, List<String> args, PrintStream out) throws IOException {
    return start(kind, kind.prefix, args, out);
  }

  /** A child whose relayed lines start with {@code prefix}, to tell several producers apart. */
  static ChildProducer start(Kind kind, String prefix, List<String> args, PrintStream out) throws IOException {
    Process process = new ProcessBuilder(command(args)).redirectErrorStream(true).start();
    return new ChildProducer(kind, prefix, process, out);
  }

  /** This java, this jar (or class path when not run from a jar, as in tests), the producer's args. */
  static List<String> command(List<String> producerArgs) {
    String java = ProcessHandle.current().info().command()
        .orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    List<String> command = new ArrayList<>(List.of(java));
    command.addAll(sharedJvmOptions(ManagementFactory.getRuntimeMXBean().getInputArguments()));
    Path jar = runningJar();
    if (jar != null) {
      command.addAll(List.of("-jar", jar.toString()));
    } else {
      command.addAll(List.of("-cp", System.getProperty("java.class.path"), PerfMain.class.getName()));
    }
    command.addAll(producerArgs);
    return command;
  }

  /**
   * The options of this JVM that the child runs with too, so that the two sides of a loopback run are the same
   * kind of JVM (heap, GC, JIT, native access): {@code -XX:} options, {@code -Xmx}, {@code -Xms}, {@code -Xss}
   * and {@code --enable-native-access}. Not a debugger or an agent (the child would fight for its port or
   * file), not a flight recording or a log file (the two would write one file), not {@code -D} properties
   * (the child's configuration is its arguments).
   */
  static List<String> sharedJvmOptions(List<String> inputArguments) {
    List<String> shared = new ArrayList<>();
    for (String option : inputArguments) {
      boolean memoryOrJit = option.startsWith("-XX:") || option.startsWith("-Xmx") || option.startsWith("-Xms")
          || option.startsWith("-Xss") || option.startsWith("--enable-native-access=");
      boolean ownFile = option.contains("FlightRecord") || option.contains("HeapDumpPath")
          || option.contains("LogFile") || option.contains("ErrorFile");
      if (memoryOrJit && !ownFile) {
        shared.add(option);
      }
    }
    return shared;
  }

  /**
   * The jar this process runs from, or null. Boot's {@link ApplicationHome}, because inside the Boot jar
   * the demo's classes come from a nested location ({@code BOOT-INF/classes}) that is not a file path.
   */
  private static Path runningJar() {
    File source = new ApplicationHome(PerfMain.class).getSource();
    return source != null && source.isFile() && source.getName().endsWith(".jar") ? source.toPath() : null;
  }

  /** The child's CPU clock, every thread of its JVM; unreadable (negative) once it is gone. */
  ProducerCpu cpu() {
    return ProducerCpu.of(process.toHandle());
  }

  /**
   * Waits for the ready line and returns the endpoints it reports.
   *
   * @throws NotReadyException when the child exited, did not get ready in time, or a stop was requested
   */
  List<Endpoint> awaitReady(Duration timeout, StopSignal stop) throws NotReadyException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (true) {
      try {
        return endpointsOf(readyLine.get(100, TimeUnit.MILLISECONDS), kind.readyPrefix);
      } catch (TimeoutException e) {
        if (stop.isRequested()) {
          throw new NotReadyException("stopped while waiting for the producer to start");
        }
        if (System.nanoTime() - deadline > 0) {
          throw new NotReadyException("the producer did not print its ready line within " + timeout.toSeconds() + " s");
        }
      } catch (ExecutionException e) {
        throw new NotReadyException(e.getCause().getMessage());
      }
    }
  }

  /**
   * {@code perf producer ready: highway://0.0.0.0:7070 rest://0.0.0.0:8080 (executor: ...)} → the
   * endpoints, in the line's order: every word up to the parenthesis.
   */
  static List<Endpoint> endpointsOf(String readyLine) throws NotReadyException {
    return endpointsOf(readyLine, Producer.READY_PREFIX);
  }

  private static List<Endpoint> endpointsOf(String readyLine, String readyPrefix) throws NotReadyException {
    String rest = readyLine.substring(readyLine.indexOf(readyPrefix) + readyPrefix.length());
    int parenthesis = rest.indexOf(" (");
    List<Endpoint> endpoints = new ArrayList<>();
    for (String word : (parenthesis < 0 ? rest : rest.substring(0, parenthesis)).strip().split(" +")) {
      try {
        endpoints.add(Endpoint.parse(word));
      } catch (IllegalArgumentException e) {
        throw new NotReadyException("the producer's ready line names no endpoint: " + readyLine);
      }
    }
    return List.copyOf(endpoints);
  }

  private void relayOutput() {
    try (BufferedReader reader = new BufferedReader(
        new InputStreamReader(process.getInputStream(), Charset.defaultCharset()))) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        out.println(prefix + line);
        if (line.contains(kind.readyPrefix)) {
          readyLine.complete(line);
        }
      }
    } catch (IOException e) {
      // The pipe breaks only if the child is gone; its exit status tells the story below.
    }
    readyLine.completeExceptionally(new IllegalStateException(exitDescription()));
  }

  private String exitDescription() {
    try {
      return "the producer exited with status " + process.waitFor() + " before it was ready";
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return "the producer's output ended before it was ready";
    }
  }

  /**
   * SIGTERM, up to {@link #STOP_WAIT} for the graceful stop, then SIGKILL. Through the
   * {@link ProcessHandle}: {@link Process#destroy()} also closes our end of the child's output, which
   * would lose its last lines (how its stop went) and make its logging fail.
   */
  @Override
  public void close() {
    ProcessHandle handle = process.toHandle();
    try {
      if (handle.isAlive()) {
        handle.destroy();
        if (!process.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS)) {
          out.println(prefix + "did not stop within " + STOP_WAIT.toSeconds() + " s; killing it");
          handle.destroyForcibly();
          process.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
        }
      }
      relay.join(STOP_WAIT.toMillis()); // its last lines before ours; EOF follows the exit at once
    } catch (InterruptedException e) {
      // No more waiting, but no orphan either.
      handle.destroyForcibly();
      Thread.currentThread().interrupt();
    }
  }

  /**
   * SIGKILL at once, as a crash or an OOM kill would end it: no graceful stop, no deregistration,
   * connections reset under the calls in flight.
   */
  void kill() {
    ProcessHandle handle = process.toHandle();
    try {
      handle.destroyForcibly();
      process.waitFor(STOP_WAIT.toMillis(), TimeUnit.MILLISECONDS);
      relay.join(STOP_WAIT.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** The producer never got ready. */
  static final class NotReadyException extends Exception {
    private static final long serialVersionUID = 1L;

    NotReadyException(String message) {
      super(message);
    }
  }
}
