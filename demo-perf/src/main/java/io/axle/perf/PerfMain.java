package io.axle.perf;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.perf.producer.Producer;
import io.axle.perf.proxy.Proxy;
import io.axle.perf.consumer.SingleRun;
import io.axle.perf.loopback.LoopbackTune;
import io.axle.perf.series.SeriesRunner;
import java.io.PrintStream;
import java.util.List;
import java.util.Optional;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code java -jar perf.jar [-c | --loopback | --proxy] [--key=value ...]}: picks the role from the command line,
 * runs it as a Spring Boot application and maps the outcome to an exit status. All the work is in
 * {@link #run}, which never exits the JVM, so tests call it directly.
 */
public final class PerfMain {
  private static final String USAGE = String.join(System.lineSeparator(),
      "usage: java -jar perf.jar [-c | --loopback | --proxy] [--key=value ...]",
      "  (no mode)   producer: serves PerfService as perf1 on highway (axle.highway.address, default 0.0.0.0:7070)",
      "              and REST (axle.rest.address, default 0.0.0.0:8080)",
      "  -c          consumer: drives load at perf1 (axle.registry.local.perf1) and prints per-window metrics;",
      "              --axle.references.transport=rest calls it over REST instead of highway",
      "  --loopback  both: a producer child process and a consumer in this one",
      "  --proxy     proxy: serves PerfService as perf-proxy on highway (default 0.0.0.0:7072) and REST (default",
      "              0.0.0.0:8082) and forwards each call to proxy.target (default perf1, at axle.registry.local.perf1)",
      "              over axle.references.transport, on the executor axle.executors.default picks",
      "  keys (microservice.yaml, application.yml, environment, -Dkey=value or --key=value): sync, sync-count,",
      "  async-count, request-size, response-size, duration, warmup, json, report (an HTML page with charts),",
      "  rps, rps.max-in-flight, long-tail.ratio, long-tail.delay, proxy.target, and every axle.* key,",
      "  series (a table of several runs): sweep=key=v1,v2,… | target-p999=10ms (knee) | long-tail.compare=true",
      "  | compare=baseline|baseline-rest (Axle against its raw echo, compare.pairs pairs, median ratios),",
      "  baseline: the producer also serves a raw TCP echo on baseline.address (7071) and a raw HTTP echo on",
      "  baseline.rest-address (8081); -c --baseline / --baseline-rest drives them with the same load engine;",
      "  e.g. --axle.highway.client.thread-count=8");

  private PerfMain() {
  }

  public static void main(String[] args) {
    // Also exits when non-daemon threads of a library are left behind.
    System.exit(run(args, System.out, System.err));
  }

  /** Runs the selected role to completion (a producer: until the JVM is stopped) and returns the exit status. */
  public static int run(String[] args, PrintStream out, PrintStream err) {
    try {
      Role role = role(args);
      if (role == null) {
        out.println(USAGE);
        return ExitStatus.OK;
      }
      PerfOutput output = new PerfOutput(out, err);
      return StopSignal.runWithShutdownHook(stop -> switch (role) {
        case PRODUCER -> Producer.runUntilStopped(args, output, stop);
        case PROXY -> Proxy.runUntilStopped(args, output, stop);
        default -> runToCompletion(role, args, output, stop);
      });
    } catch (Exception e) {
      return report(e, err);
    }
  }

  /** The consumer (or loopback) runs while the context starts; its status comes back as the exit code. */
  private static int runToCompletion(Role role, String[] args, PerfOutput output, StopSignal stop)
      throws java.io.IOException, InterruptedException {
    if (role == Role.LOOPBACK && LoopbackTune.applies(args)) {
      return LoopbackTune.run(args, output, stop);
    }
    Optional<SeriesRunner> series = SeriesRunner.of(role, args, output, stop, SingleRun::run);
    if (series.isPresent()) {
      return series.get().run();
    }
    ConfigurableApplicationContext context = PerfApplication.create(role, output, stop).run(args);
    return SpringApplication.exit(context);
  }

  /**
   * The role the arguments ask for, or null for help. Only the command line decides: {@code -c},
   * {@code --loopback}, {@code --proxy}, {@code -h} / {@code --help}; everything else must be
   * {@code --key=value}.
   */
  static Role role(String[] args) {
    AxleConfig commandLine = AxleConfig.builder().args(args).build();
    List<String> remaining = commandLine.remainingArgs();
    if (remaining.contains("-h") || commandLine.getRaw("help").isPresent()) {
      return null;
    }
    boolean loopback = commandLine.get(PerfKeys.LOOPBACK);
    boolean proxy = commandLine.get(PerfKeys.PROXY);
    if (remaining.isEmpty() && !(loopback && proxy)) {
      return loopback ? Role.LOOPBACK : proxy ? Role.PROXY : Role.PRODUCER;
    }
    if (remaining.equals(List.of("-c")) && !loopback && !proxy) {
      return Role.CONSUMER;
    }
    String modes = (loopback ? " --loopback" : "") + (proxy ? " --proxy" : "");
    throw new ConfigException("arguments: " + (String.join(" ", remaining) + modes).strip()
        + " (expected: nothing for the producer, -c for the consumer, --loopback for both or --proxy for a proxy,"
        + " one of them, then --key=value options; -h for help)");
  }

  /**
   * One line, no stack trace: a configuration mistake's message names key, value, expectation and source,
   * and whatever Spring wrapped around it would only bury that.
   */
  private static int report(Throwable failure, PrintStream err) {
    ConfigException badConfiguration = find(failure, ConfigException.class);
    if (badConfiguration != null) {
      err.println(badConfiguration.getMessage());
      return ExitStatus.BAD_CONFIGURATION;
    }
    PerfFailure perfFailure = find(failure, PerfFailure.class);
    if (perfFailure != null) {
      err.println(perfFailure.getMessage());
      return ExitStatus.FAILED;
    }
    if (find(failure, InterruptedException.class) != null) {
      Thread.currentThread().interrupt();
      err.println("perf interrupted");
      return ExitStatus.FAILED;
    }
    err.println("perf failed: " + reason(failure));
    return ExitStatus.FAILED;
  }

  private static <T extends Throwable> T find(Throwable failure, Class<T> type) {
    for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
      if (type.isInstance(cause)) {
        return type.cast(cause);
      }
    }
    return null;
  }

  /** The first message not from Spring's wrappers ("Failed to start bean …"), which says what went wrong. */
  private static String reason(Throwable failure) {
    Throwable cause = failure;
    while (cause.getCause() != null && cause.getClass().getName().startsWith("org.springframework.")) {
      cause = cause.getCause();
    }
    return cause.getMessage() != null ? cause.getMessage() : cause.toString();
  }
}
