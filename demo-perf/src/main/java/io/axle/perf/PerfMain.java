package io.axle.perf;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.perf.consumer.Consumer;
import io.axle.perf.loopback.LoopbackRunner;
import io.axle.perf.producer.Producer;
import java.io.PrintStream;
import java.util.List;

/**
 * {@code java -jar perf.jar [-c | --loopback] [--key=value ...]}: picks the role and maps the outcome to
 * an exit status. All the work is in {@link #run}, which never exits the JVM, so tests call it directly.
 */
public final class PerfMain {
  public static final int OK = 0;
  public static final int FAILED = 1;
  public static final int BAD_CONFIGURATION = 2;

  private static final String USAGE = String.join(System.lineSeparator(),
      "usage: java -jar perf.jar [-c | --loopback] [--key=value ...]",
      "  (no mode)   producer: serves PerfService as perf1 on highway (axle.highway.address, default 0.0.0.0:7070)",
      "              and REST (axle.rest.address, default 0.0.0.0:8080)",
      "  -c          consumer: drives load at perf1 (axle.registry.local.perf1) and prints per-window metrics;",
      "              --axle.references.transport=rest calls it over REST instead of highway",
      "  --loopback  both: a producer child process and a consumer in this one",
      "  keys (microservice.yaml, AXLE_* environment, -Dkey=value or --key=value): sync, sync-count, async-count,",
      "  request-size, response-size, duration, warmup, json, and every axle.* key, e.g. --axle.highway.client.thread-count=8");

  private enum Mode { PRODUCER, CONSUMER, LOOPBACK, HELP }

  private PerfMain() {
  }

  public static void main(String[] args) {
    // Also exits when non-daemon threads of a library are left behind.
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the selected role to completion (a producer: until the JVM is stopped) and returns the exit status. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      AxleConfig config = AxleConfig.load(args);
      Mode mode = mode(config);
      if (mode == Mode.HELP) {
        out.println(USAGE);
        return OK;
      }
      return StopSignal.runWithShutdownHook(stop -> switch (mode) {
        case PRODUCER -> Producer.runUntilStopped(config, out, stop);
        case CONSUMER -> new Consumer(config, out, err, stop).run();
        case LOOPBACK -> new LoopbackRunner(List.of(args), config, out, err, stop).run();
        case HELP -> throw new AssertionError("handled above");
      });
    } catch (ConfigException e) {
      // The message names key, value, expectation and source: a stack trace would only bury it.
      err.println(e.getMessage());
      return BAD_CONFIGURATION;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      err.println("perf interrupted");
      return FAILED;
    } catch (Exception e) {
      err.println("perf failed: " + e.getMessage());
      return FAILED;
    }
  }

  private static Mode mode(AxleConfig config) {
    List<String> remaining = config.remainingArgs();
    if (remaining.contains("-h") || config.getRaw("help").isPresent()) {
      return Mode.HELP;
    }
    boolean loopback = config.get(PerfKeys.LOOPBACK);
    if (remaining.isEmpty()) {
      return loopback ? Mode.LOOPBACK : Mode.PRODUCER;
    }
    if (remaining.equals(List.of("-c")) && !loopback) {
      return Mode.CONSUMER;
    }
    throw new ConfigException("arguments: " + String.join(" ", remaining) + (loopback ? " with --loopback" : "")
        + " (expected: nothing for the producer, -c for the consumer or --loopback for both, then --key=value"
        + " options; -h for help)");
  }
}
