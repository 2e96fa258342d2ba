package io.axle.perf.proxy;

import io.axle.perf.PerfApplication;
import io.axle.perf.PerfConfig;
import io.axle.perf.PerfOutput;
import io.axle.perf.Role;
import io.axle.perf.StopSignal;
import io.axle.perf.producer.Producer;
import io.axle.registry.Endpoint;
import java.util.Map;
import java.util.stream.Collectors;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * A running perf proxy: the Spring Boot application under the {@code proxy} profile, whose {@link PerfProxy}
 * the starter serves as {@code perf-proxy} (its {@code axle.service.name}) on highway and REST, forwarding to
 * {@link ProxyTarget}, with metrics like the producer's.
 */
public final class Proxy implements AutoCloseable {
  /** What the ready line starts with; scripts and tests wait for it. */
  public static final String READY_PREFIX = "perf proxy ready: ";

  private final ConfigurableApplicationContext context;
  private final Map<String, Endpoint> endpoints;
  private final String executor;
  private final ProxyTarget target;

  private Proxy(ConfigurableApplicationContext context) {
    this.context = context;
    // In the producer's order, so one parser reads both ready lines.
    this.endpoints = Producer.boundEndpoints(context);
    this.executor = Producer.describeExecutor(context.getBean(PerfConfig.class).config());
    this.target = context.getBean(PerfProxy.class).target();
  }

  /**
   * Starts serving and forwarding, configured by {@code args} ({@code --key=value}) over the usual Spring
   * sources.
   *
   * @throws RuntimeException from Spring's start-up, with a {@link io.axle.config.ConfigException} in its
   *     causes when the configuration (say {@code proxy.target}) is unusable
   */
  public static Proxy start(String[] args, PerfOutput output, StopSignal stop) {
    SpringApplication application = PerfApplication.create(Role.PROXY, output, stop);
    application.addListeners(new ProxyDefaults());
    return new Proxy(application.run(args));
  }

  /** Serves until a stop is requested, then closes gracefully, as the producer does. */
  public static int runUntilStopped(String[] args, PerfOutput output, StopSignal stop) throws InterruptedException {
    Proxy proxy = start(args, output, stop);
    try {
      output.out().println(proxy.readyLine());
      output.out().flush();
      stop.await();
    } finally {
      proxy.close();
    }
    return 0;
  }

  /**
   * {@code perf proxy ready: highway://0.0.0.0:7072 rest://0.0.0.0:8082 (executor: ..., target: perf1 over
   * highway)}, with the ports actually bound.
   */
  public String readyLine() {
    String listening = endpoints.isEmpty() ? "no transport listening"
        : endpoints.values().stream().map(Endpoint::toString).collect(Collectors.joining(" "));
    return READY_PREFIX + listening + " (executor: " + executor + ", target: " + target + ")";
  }

  /** Where the proxy listens on {@code transport}, with the port actually bound; null when it does not. */
  public Endpoint endpoint(String transport) {
    return endpoints.get(transport);
  }

  /** Every endpoint, by transport, in the ready line's order. */
  public Map<String, Endpoint> endpoints() {
    return endpoints;
  }

  public ProxyTarget target() {
    return target;
  }

  /** Closes the application context: the runtime stops gracefully first, then the beans go. */
  @Override
  public void close() {
    SpringApplication.exit(context);
  }
}
