package io.axle.perf.it;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.Charset;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

/**
 * {@code java -jar perf.jar ...} as a child process of the test JVM, with the same java binary (or any command). Its
 * stdout and stderr are merged and kept line by line so tests can wait for a line and show everything
 * on failure.
 */
final class JavaProcess implements AutoCloseable {
  private final Process process;
  private final List<String> lines = new CopyOnWriteArrayList<>();
  private final Thread reader;

  private JavaProcess(Process process) {
    this.process = process;
    this.reader = Thread.ofPlatform().daemon(true).name("perf-it-output").start(this::read);
  }

  /** The packaged perf.jar the tests run: {@code -Dperf.jar}, else the module's, built at process-classes. */
  static Path perfJar() {
    Path jar = Path.of(System.getProperty("perf.jar", "target/perf.jar")).toAbsolutePath();
    org.assertj.core.api.Assertions.assertThat(jar).as("perf.jar, built before the tests (process-classes)")
        .isRegularFile();
    return jar;
  }

  static JavaProcess startJar(Path jar, String... args) throws IOException {
    List<String> command = new ArrayList<>();
    command.add(ProcessHandle.current().info().command().orElseThrow());
    // C1 alone, as the build's test JVMs: a process that lives for seconds spends less CPU compiling.
    command.add("-XX:TieredStopAtLevel=1");
    command.add("-jar");
    command.add(jar.toString());
    command.addAll(List.of(args));
    return start(command, Map.of(), List.of());
  }

  /** Any command, with {@code set} added to this JVM's environment and {@code unset} taken out of it. */
  static JavaProcess start(List<String> command, Map<String, String> set, List<String> unset) throws IOException {
    ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
    builder.environment().keySet().removeAll(unset);
    builder.environment().putAll(set);
    return new JavaProcess(builder.start());
  }

  private void read() {
    try (BufferedReader in = new BufferedReader(new InputStreamReader(process.getInputStream(), Charset.defaultCharset()))) {
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lines.add(line);
      }
    } catch (IOException e) {
      lines.add("<output ended: " + e + ">");
    }
  }

  /** The first line matching, waiting up to {@code timeout}; empty if none came or the process ended first. */
  Optional<String> awaitLine(Predicate<String> matching, Duration timeout) throws InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    while (System.nanoTime() - deadline < 0) {
      Optional<String> found = lines.stream().filter(matching).findFirst();
      if (found.isPresent() || !process.isAlive() && !reader.isAlive()) {
        return found.isPresent() ? found : lines.stream().filter(matching).findFirst();
      }
      Thread.sleep(50);
    }
    return Optional.empty();
  }

  /** The exit status, or empty if it did not exit within {@code timeout}. */
  Optional<Integer> awaitExit(Duration timeout) throws InterruptedException {
    if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      return Optional.empty();
    }
    reader.join(5000);
    return Optional.of(process.exitValue());
  }

  /**
   * SIGTERM, as an operator would stop it. Through the handle: {@link Process#destroy()} would also close
   * our end of its output and lose its last lines.
   */
  void terminate() {
    process.toHandle().destroy();
  }

  /** Its children and theirs, while they live. */
  List<ProcessHandle> descendants() {
    return process.toHandle().descendants().toList();
  }

  String output() {
    return String.join(System.lineSeparator(), lines);
  }

  /** Never leaves a process behind, whatever the test did: nor one it started (a producer, a re-executed JVM). */
  @Override
  public void close() {
    process.toHandle().descendants().forEach(ProcessHandle::destroyForcibly);
    if (process.isAlive()) {
      process.toHandle().destroyForcibly();
      try {
        process.waitFor(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }
}
