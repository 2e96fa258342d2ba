package io.axle.perf.loopback;

import io.axle.Axle;
import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfConfig;
import io.axle.perf.PerfFailure;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfOutput;
import io.axle.perf.PerfService;
import io.axle.perf.StopSignal;
import io.axle.perf.consumer.ConsumerSettings;
import io.axle.perf.consumer.InstanceCounts;
import io.axle.perf.consumer.ProducerCpu;
import io.axle.perf.consumer.ProducerEndpoints;
import io.axle.perf.report.TextReport;
import io.axle.registry.Endpoint;
import io.axle.registry.zookeeper.ZooKeeperKeys;
import io.axle.spring.AxleBuilderCustomizer;
import java.io.IOException;
import java.io.PrintStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.ApplicationArguments;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * {@code --loopback}'s producers: child processes started while the consumer's context is created, so that
 * their ready lines are known before the runtime starts. The consumer then finds them by the ports they
 * report ({@code perf1}'s local entry, every transport they serve; {@code axle.references.transport} picks
 * which one is called, as between two machines) or, with {@code loopback.zookeeper}, in a ZooKeeper server
 * started in this process, where they register themselves. With {@code loopback.producers} above 1 the
 * answers are counted per producer, and {@code loopback.stop-one-after} stops the last one mid-run. Stopped
 * when the context closes, after the consumer's runtime, the way an operator would stop them (SIGTERM, so
 * their calls in flight are answered).
 */
@Component
@Profile("loopback")
final class LoopbackProducer implements ProducerEndpoints, AxleBuilderCustomizer, DisposableBean {
  static final Duration READY_WAIT = Duration.ofSeconds(30);

  /** The producer's listen addresses: a free loopback port on each transport unless the user names one. */
  static final List<String> ADDRESS_KEYS = List.of("axle.highway.address", "axle.rest.address");

  /** The producer's raw baseline echoes: free loopback ports too, but the proxy child serves none. */
  static final List<String> BASELINE_ADDRESS_KEYS = List.of(PerfKeys.BASELINE_ADDRESS.name(),
      PerfKeys.BASELINE_REST_ADDRESS.name());

  private static final Set<String> WILDCARD_HOSTS = Set.of("0.0.0.0", "::", "0:0:0:0:0:0:0:0");

  private final AxleConfig config;
  private final PrintStream out;
  /** The producer children, producer-1 first. */
  private final List<ChildProducer> children = new ArrayList<>();
  /** The proxy child between the consumer and the producers, with {@code loopback.proxy}; else null. */
  private final ChildProducer proxy;
  /** The ZooKeeper server of {@code loopback.zookeeper}; else null. */
  private final LoopbackZooKeeper zookeeper;
  private final List<String> registered;
  private final InstanceCounts instanceCounts;
  private final Thread stopOne;
  /** Set by whichever comes first: the stop-one thread starting its stop, or the context closing. */
  private final java.util.concurrent.atomic.AtomicBoolean stopOneClaimed =
      new java.util.concurrent.atomic.AtomicBoolean();

  LoopbackProducer(AxleConfig config, PerfConfig perfConfig, ApplicationArguments args, PerfOutput output,
      StopSignal stop) throws IOException, InterruptedException {
    this.config = config;
    this.out = output.out();
    // Both sides' keys are checked before a child is started, so a typo costs no start-up (the axle.* keys
    // were, with the AxleConfig bean).
    AxleConfig perf = perfConfig.config();
    ConsumerSettings.from(perf);
    perf.get(PerfKeys.RESPONSE_SIZE);
    int count = perf.get(PerfKeys.LOOPBACK_PRODUCERS);
    Duration stopOneAfter = perf.get(PerfKeys.LOOPBACK_STOP_ONE_AFTER);
    List<String> userArgs = List.of(args.getSourceArgs());
    checkScaleOut(perf, count, stopOneAfter, userArgs);
    Map<String, String> change = LoopbackChange.asked(perf);
    List<String> producerArgs = producerArgs(userArgs);
    this.zookeeper = perf.get(PerfKeys.LOOPBACK_ZOOKEEPER) ? LoopbackZooKeeper.start(out) : null;
    ChildProducer startedProxy = null;
    try {
      Map<Endpoint, String> labels = new LinkedHashMap<>();
      for (int i = 1; i <= count; i++) {
        String name = "producer-" + i;
        children.add(ChildProducer.start(ChildProducer.Kind.PRODUCER,
            count == 1 ? ChildProducer.PREFIX : "[" + name + "] ", childArgs(producerArgs, name), out));
      }
      List<String> server = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        for (Endpoint endpoint : children.get(i).awaitReady(READY_WAIT, stop)) {
          Endpoint reachable = reachable(endpoint);
          labels.put(reachable, "producer-" + (i + 1));
          server.add(reachable.toString());
        }
      }
      if (perf.get(PerfKeys.LOOPBACK_PROXY)) {
        startedProxy = ChildProducer.start(ChildProducer.Kind.PROXY, proxyArgs(producerArgs, server), out);
        server = startedProxy.awaitReady(READY_WAIT, stop).stream().map(e -> reachable(e).toString()).toList();
      }
      this.proxy = startedProxy;
      this.registered = List.copyOf(server);
      // Behind a proxy the consumer sees one instance, the proxy: nothing to tell apart.
      this.instanceCounts = count > 1 && startedProxy == null ? new InstanceCounts(labels) : null;
    } catch (ChildProducer.NotReadyException e) {
      closeChildren(startedProxy);
      throw new PerfFailure("--loopback: " + e.getMessage());
    } catch (InterruptedException | IOException | RuntimeException e) {
      closeChildren(startedProxy); // no orphan, whatever went wrong
      throw e;
    }
    boolean kill = perf.get(PerfKeys.LOOPBACK_STOP_ONE_SIGNAL).equals("SIGKILL");
    this.stopOne = stopOneAfter.isZero() ? null : Thread.ofPlatform().name("loopback-stop-one").daemon(true)
        .start(() -> stopLastAfter(stopOneAfter, kill, stop));
    if (!change.isEmpty()) {
      List<String> names = new ArrayList<>();
      for (int i = 1; i <= count; i++) {
        names.add("producer-" + i);
      }
      Duration after = perf.get(PerfKeys.LOOPBACK_CHANGE_AFTER);
      String connectString = zookeeper.connectString();
      Thread.ofPlatform().name("loopback-change").daemon(true)
          .start(() -> LoopbackChange.writeAfter(after, perf.get(PerfKeys.LOOPBACK_CHANGE_REPEAT), change,
              connectString, names, out, stop));
    }
  }

  /** What several producers on one machine cannot share, checked before any child starts. */
  private static void checkScaleOut(AxleConfig perf, int count, Duration stopOneAfter, List<String> userArgs) {
    if (!stopOneAfter.isZero() && count < 2) {
      throw new PerfFailure(PerfKeys.LOOPBACK_STOP_ONE_AFTER.name() + ": " + stopOneAfter.toMillis() / 1000.0
          + "s (expected: 0, or " + PerfKeys.LOOPBACK_PRODUCERS.name() + " of 2 or more, so that another producer "
          + "takes the calls of the one stopped)");
    }
    if (count > 1) {
      for (String key : concat(ADDRESS_KEYS, BASELINE_ADDRESS_KEYS)) {
        for (String arg : userArgs) {
          if (arg.startsWith("--" + key + "=") && !arg.endsWith(":0")) {
            throw new PerfFailure(PerfKeys.LOOPBACK_PRODUCERS.name() + ": " + count + " (expected: 1 while " + key
                + " names a port, " + arg.substring(arg.indexOf('=') + 1) + ": producers on one machine need "
                + "ports of their own; drop the key or give port 0)");
          }
        }
      }
    }
  }

  /** The shared producer arguments, plus the child's instance id and, with ZooKeeper, where to register. */
  private List<String> childArgs(List<String> producerArgs, String name) {
    List<String> child = new ArrayList<>(producerArgs);
    child.add("--" + CoreConfigKeys.REGISTRY_INSTANCE_ID.name() + "=" + name);
    if (zookeeper != null) {
      child.add("--" + CoreConfigKeys.REGISTRY_TYPE.name() + "=zookeeper");
      child.add("--" + ZooKeeperKeys.CONNECT_STRING.name() + "=" + zookeeper.connectString());
    }
    return child;
  }

  /** SIGTERM (or SIGKILL) to the last producer once {@code after} has passed, unless the run stops first. */
  private void stopLastAfter(Duration after, boolean kill, StopSignal stop) {
    try {
      if (stop.await(after.toNanos())) {
        return;
      }
    } catch (InterruptedException e) {
      return;
    }
    if (!stopOneClaimed.compareAndSet(false, true)) {
      return; // the context is closing: it stops every child itself
    }
    int last = children.size();
    out.printf("loopback: stopping producer-%d (%s) %s after the producers were ready; the others take "
        + "its calls%n", last, kill ? "SIGKILL" : "SIGTERM", TextReport.duration(after));
    long start = System.nanoTime();
    if (kill) {
      children.get(last - 1).kill();
    } else {
      children.get(last - 1).close();
    }
    out.printf("loopback: producer-%d stopped in %d ms%n", last,
        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start));
  }

  /**
   * The proxy child's arguments: the producer child's (so the same executor and transport keys apply to
   * both, as in the tRPC article's proxy test) plus {@code --proxy} and where its target listens.
   */
  static List<String> proxyArgs(List<String> producerArgs, List<String> server) {
    String target = "--" + CoreConfigKeys.REGISTRY_LOCAL.name() + "." + PerfService.SERVICE_NAME + "=";
    List<String> proxy = new ArrayList<>(List.of("--proxy"));
    // Free ports of its own, even where the user named the producer's.
    ADDRESS_KEYS.forEach(key -> proxy.add("--" + key + "=127.0.0.1:0"));
    producerArgs.stream()
        .filter(arg -> !arg.startsWith(target) && !arg.startsWith("--baseline.")
            && ADDRESS_KEYS.stream().noneMatch(key -> arg.startsWith("--" + key + "=")))
        .forEach(proxy::add);
    proxy.add(target + String.join(",", server));
    return proxy;
  }

  private void closeChildren(ChildProducer startedProxy) {
    if (stopOne != null) {
      if (stopOneClaimed.compareAndSet(false, true)) {
        stopOne.interrupt(); // still waiting: it stops nothing now
      } else {
        try {
          // It is stopping the last producer: let that graceful stop finish rather than cut it short.
          stopOne.join(ChildProducer.STOP_WAIT.toMillis() * 2);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
    if (startedProxy != null) {
      startedProxy.close();
    }
    children.forEach(ChildProducer::close);
    if (zookeeper != null) {
      zookeeper.close();
    }
  }

  @Override
  public List<String> registered() {
    return registered;
  }

  /**
   * The producer children's CPU clocks, summed: the server's side, where the baseline echoes live too. A
   * child that stopped counts with what it had used when last read. With {@code loopback.proxy} the proxy
   * child's CPU is not in it.
   */
  @Override
  public ProducerCpu producerCpu() {
    List<ProducerCpu> clocks = children.stream().map(ChildProducer::cpu).toList();
    long[] lastRead = new long[clocks.size()];
    return () -> {
      long total = 0;
      for (int i = 0; i < clocks.size(); i++) {
        long now = clocks.get(i).totalCpuNanos();
        synchronized (lastRead) {
          if (now >= 0) {
            lastRead[i] = now;
          }
          total += lastRead[i];
        }
      }
      return total;
    };
  }

  @Override
  public InstanceCounts instanceCounts() {
    return instanceCounts;
  }

  /**
   * Loopback means calling our own children, wherever they ended up listening: by their ports, or through
   * ZooKeeper, where they registered (a proxy child is always reached by its port).
   */
  @Override
  public void customize(Axle.Builder builder) {
    if (instanceCounts != null) {
      builder.consumerFilter(instanceCounts);
    }
    if (zookeeper != null && proxy == null) {
      builder.config(config.with(CoreConfigKeys.REGISTRY_TYPE.name(), "zookeeper")
          .with(ZooKeeperKeys.CONNECT_STRING.name(), zookeeper.connectString()));
    } else {
      builder.config(config.with(CoreConfigKeys.REGISTRY_LOCAL.name() + "." + PerfService.SERVICE_NAME,
          String.join(",", registered)));
    }
  }

  /** The proxy first, as an operator would stop a chain from its front: its calls in flight still reach the server. */
  @Override
  public void destroy() {
    closeChildren(proxy);
  }

  /**
   * The user's runtime settings and the producer's own keys ({@code response-size}, {@code baseline.*}) go to the child; consumer keys, the mode and
   * anything else stay here. A free loopback port unless the user names an address: the demo must not
   * fail because something already uses 7070 or 8080, nor be reachable from the network. Only one value
   * per key, since Spring joins repeated {@code --key=} options rather than letting the last one win.
   */
  static List<String> producerArgs(List<String> args) {
    List<String> producer = new ArrayList<>();
    for (String key : concat(ADDRESS_KEYS, BASELINE_ADDRESS_KEYS)) {
      if (args.stream().noneMatch(arg -> arg.startsWith("--" + key + "="))) {
        producer.add("--" + key + "=127.0.0.1:0");
      }
    }
    for (String arg : args) {
      if (arg.startsWith("--") && PerfKeys.isProducerKey(arg.substring(2).split("=", 2)[0])) {
        producer.add(arg);
      }
    }
    return producer;
  }

  private static List<String> concat(List<String> first, List<String> second) {
    List<String> both = new ArrayList<>(first);
    both.addAll(second);
    return both;
  }

  /** A server bound to every interface is reached on loopback. */
  static Endpoint reachable(Endpoint bound) {
    return WILDCARD_HOSTS.contains(bound.host()) ? new Endpoint(bound.transport(), "127.0.0.1", bound.port()) : bound;
  }
}
