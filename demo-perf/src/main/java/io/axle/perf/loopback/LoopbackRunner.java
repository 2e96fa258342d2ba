package io.axle.perf.loopback;

import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfService;
import io.axle.perf.StopSignal;
import io.axle.perf.consumer.Consumer;
import io.axle.perf.consumer.ConsumerSettings;
import io.axle.registry.Endpoint;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * {@code --loopback}: starts a producer as a child process, drives it from this process, stops it, and
 * exits with the consumer's status. The child serves every transport on free loopback ports, and the
 * consumer is pointed at the ports its ready line reports, so {@code --axle.references.transport=rest}
 * works here as it does between two machines.
 */
public final class LoopbackRunner {
  static final Duration READY_WAIT = Duration.ofSeconds(30);

  /** The producer's listen addresses: a free loopback port on each transport unless the user names one. */
  private static final List<String> ADDRESS_ARGS = List.of("--axle.highway.address=127.0.0.1:0",
      "--axle.rest.address=127.0.0.1:0");

  private static final Set<String> WILDCARD_HOSTS = Set.of("0.0.0.0", "::", "0:0:0:0:0:0:0:0");

  private final List<String> args;
  private final AxleConfig config;
  private final PrintStream out;
  private final PrintStream err;
  private final StopSignal stop;

  public LoopbackRunner(List<String> args, AxleConfig config, PrintStream out, PrintStream err, StopSignal stop) {
    this.args = List.copyOf(args);
    this.config = config;
    this.out = out;
    this.err = err;
    this.stop = stop;
  }

  public int run() throws Exception {
    // Both sides' keys are checked before a child is started, so a typo costs no start-up.
    ConsumerSettings.from(config);
    config.get(PerfKeys.RESPONSE_SIZE);
    try (ChildProducer child = ChildProducer.start(producerArgs(args), out)) {
      List<Endpoint> endpoints;
      try {
        endpoints = child.awaitReady(READY_WAIT, stop);
      } catch (ChildProducer.NotReadyException e) {
        err.println("--loopback: " + e.getMessage());
        return 1;
      }
      // Loopback means calling our own child, wherever it ended up listening, on every transport it
      // serves; axle.references.transport picks which of them the consumer calls.
      String registry = endpoints.stream().map(e -> reachable(e).toString()).collect(Collectors.joining(","));
      return new Consumer(config.with(CoreConfigKeys.REGISTRY_LOCAL.name() + "." + PerfService.SERVICE_NAME,
          registry), out, err, stop).run();
    }
  }

  /**
   * The user's runtime settings and the producer's own key go to the child; consumer keys, the mode and
   * anything else stay here.
   */
  static List<String> producerArgs(List<String> args) throws IOException {
    List<String> producer = new ArrayList<>();
    // A free loopback port unless the user names an address (theirs comes later and wins): the demo must
    // not fail because something already uses 7070 or 8080, nor be reachable from the network.
    producer.addAll(ADDRESS_ARGS);
    for (String arg : args) {
      if (arg.startsWith("--axle.") || arg.startsWith("--servicecomb.")
          || arg.startsWith("--" + PerfKeys.RESPONSE_SIZE.name() + "=")) {
        producer.add(arg);
      }
    }
    return producer;
  }

  /** A server bound to every interface is reached on loopback. */
  private static Endpoint reachable(Endpoint bound) {
    return WILDCARD_HOSTS.contains(bound.host()) ? new Endpoint(bound.transport(), "127.0.0.1", bound.port()) : bound;
  }
}
