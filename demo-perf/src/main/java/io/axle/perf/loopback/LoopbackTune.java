package io.axle.perf.loopback;

import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfFailure;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfOutput;
import io.axle.perf.PerfService;
import io.axle.perf.Role;
import io.axle.perf.StopSignal;
import io.axle.perf.consumer.SingleRun;
import io.axle.perf.series.SeriesRunner;
import io.axle.registry.Endpoint;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/**
 * {@code --loopback --tune} walked by live changes ({@code tune.live}, the default): one producer child for the
 * whole walk, started with a control address on loopback, and the walk run as {@code -c --tune} against it. Each
 * configuration whose producer keys are all live is then applied to the running producer (docs/live-configuration.md),
 * which keeps its connections, JIT and pools; one with a restart-only key restarts it through its control. With
 * {@code --tune.live=false} the walk starts a child for every run instead ({@link LoopbackProducer}), a walk by
 * restarts to compare with.
 *
 * <p>Only the plain loopback: one producer, no proxy, no ZooKeeper. A walk over a fleet ({@code loopback.producers},
 * {@code loopback.proxy}, {@code loopback.zookeeper}) starts its children for every run.
 */
public final class LoopbackTune {
  private LoopbackTune() {
  }

  /** True when {@code args} ask for a loopback walk that this class runs by live changes. */
  public static boolean applies(String[] args) {
    AxleConfig config = AxleConfig.load(args);
    return config.get(PerfKeys.TUNE) && config.get(PerfKeys.TUNE_LIVE) && config.get(PerfKeys.LOOPBACK_PRODUCERS) == 1
        && !config.get(PerfKeys.LOOPBACK_PROXY) && !config.get(PerfKeys.LOOPBACK_ZOOKEEPER);
  }

  /** Starts the producer child, walks against it as a consumer, stops it; the walk's exit status. */
  public static int run(String[] args, PerfOutput output, StopSignal stop) throws IOException, InterruptedException {
    List<String> userArgs = List.of(args);
    String control = "127.0.0.1:" + freeLoopbackPort();
    List<String> producerArgs = new ArrayList<>(LoopbackProducer.producerArgs(userArgs));
    producerArgs.add("--" + PerfKeys.CONTROL_ADDRESS.name() + "=" + control);
    output.out().println("tune: one producer child for the walk, changed live through its control at " + control
        + " (--tune.live=false starts one for every run)");
    try (ChildProducer child = ChildProducer.start(producerArgs, output.out())) {
      List<Endpoint> endpoints;
      try {
        endpoints = child.awaitReady(LoopbackProducer.READY_WAIT, stop);
      } catch (ChildProducer.NotReadyException e) {
        throw new PerfFailure("--loopback: " + e.getMessage());
      }
      String registered = endpoints.stream().map(LoopbackProducer::reachable).map(Endpoint::toString)
          .collect(Collectors.joining(","));
      return SeriesRunner.of(Role.CONSUMER, consumerArgs(userArgs, control, registered), output, stop, SingleRun::run)
          .orElseThrow().run();
    }
  }

  /**
   * The consumer's arguments: the user's without the loopback mode and its keys (the child is this class's), with
   * the producer's control and where it listens.
   */
  static String[] consumerArgs(List<String> userArgs, String control, String registered) {
    List<String> consumer = new ArrayList<>();
    for (String arg : userArgs) {
      String key = arg.startsWith("--") ? arg.substring(2).split("=", 2)[0] : arg;
      if (!key.equals(PerfKeys.LOOPBACK.name()) && !key.startsWith(PerfKeys.LOOPBACK.name() + ".")) {
        consumer.add(arg);
      }
    }
    consumer.add("--" + PerfKeys.TUNE_CONTROL.name() + "=" + control);
    consumer.add("--" + CoreConfigKeys.REGISTRY_LOCAL.name() + "." + PerfService.SERVICE_NAME + "=" + registered);
    return consumer.toArray(String[]::new);
  }

  /**
   * A loopback port free now, for the child's control. Another process could take it before the child binds it;
   * the child then fails its start naming {@code control.address}, and the walk stops with that line.
   */
  private static int freeLoopbackPort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("no free loopback port for the producer's control", e);
    }
  }
}
