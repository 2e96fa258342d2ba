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
import io.axle.perf.consumer.ProducerCpu;
import io.axle.perf.consumer.ProducerEndpoints;
import io.axle.registry.Endpoint;
import io.axle.spring.AxleBuilderCustomizer;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.ApplicationArguments;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * {@code --loopback}'s producer: a child process started while the consumer's context is created, so that
 * its ready line is known before the runtime starts; the consumer's {@code perf1} entry is then pointed at
 * the ports the child reports, on every transport it serves ({@code axle.references.transport} picks which
 * one is called, as between two machines). Stopped when the context closes, after the consumer's runtime,
 * the way an operator would stop it (SIGTERM, so its calls in flight are answered).
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
  private final ChildProducer child;
  /** The proxy child between the consumer and the producer child, with {@code loopback.proxy}; else null. */
  private final ChildProducer proxy;
  private final List<String> registered;

  LoopbackProducer(AxleConfig config, PerfConfig perfConfig, ApplicationArguments args, PerfOutput output,
      StopSignal stop) throws IOException, InterruptedException {
    this.config = config;
    // Both sides' keys are checked before a child is started, so a typo costs no start-up (the axle.* keys
    // were, with the AxleConfig bean).
    ConsumerSettings.from(perfConfig.config());
    perfConfig.config().get(PerfKeys.RESPONSE_SIZE);
    List<String> producerArgs = producerArgs(List.of(args.getSourceArgs()));
    this.child = ChildProducer.start(producerArgs, output.out());
    ChildProducer startedProxy = null;
    try {
      List<String> server = child.awaitReady(READY_WAIT, stop).stream().map(e -> reachable(e).toString()).toList();
      if (perfConfig.config().get(PerfKeys.LOOPBACK_PROXY)) {
        startedProxy = ChildProducer.start(ChildProducer.Kind.PROXY, proxyArgs(producerArgs, server), output.out());
        server = startedProxy.awaitReady(READY_WAIT, stop).stream().map(e -> reachable(e).toString()).toList();
      }
      this.proxy = startedProxy;
      this.registered = server;
    } catch (ChildProducer.NotReadyException e) {
      closeChildren(startedProxy);
      throw new PerfFailure("--loopback: " + e.getMessage());
    } catch (InterruptedException | RuntimeException e) {
      closeChildren(startedProxy); // no orphan, whatever went wrong
      throw e;
    }
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
    if (startedProxy != null) {
      startedProxy.close();
    }
    child.close();
  }

  @Override
  public List<String> registered() {
    return registered;
  }

  /**
   * The producer child's CPU clock: the server's side, where the baseline echoes live too. With
   * {@code loopback.proxy} the proxy child's CPU is not in it.
   */
  @Override
  public ProducerCpu producerCpu() {
    return child.cpu();
  }

  /** Loopback means calling our own child, wherever it ended up listening. */
  @Override
  public void customize(Axle.Builder builder) {
    builder.config(config.with(CoreConfigKeys.REGISTRY_LOCAL.name() + "." + PerfService.SERVICE_NAME,
        String.join(",", registered)));
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
      if (arg.startsWith("--axle.") || arg.startsWith("--servicecomb.")
          || arg.startsWith("--" + PerfKeys.RESPONSE_SIZE.name() + "=") || arg.startsWith("--baseline.")) {
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
  private static Endpoint reachable(Endpoint bound) {
    return WILDCARD_HOSTS.contains(bound.host()) ? new Endpoint(bound.transport(), "127.0.0.1", bound.port()) : bound;
  }
}
