package io.axle.perf.proxy;

import io.axle.perf.PerfConfig;
import io.axle.perf.PerfService;
import io.axle.perf.PerfServiceAsync;
import io.axle.perf.payload.Order;
import io.axle.spring.RpcReference;
import io.axle.spring.RpcSchema;
import java.util.concurrent.CompletableFuture;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Profile;

/**
 * The proxy's {@code PerfService}: each call is the same call on {@code proxy.target}. Served through the
 * {@code CompletableFuture} view with the schema id {@value PerfService#SCHEMA_ID}, so the wire contract is
 * the producer's and the unchanged consumer can drive the proxy.
 *
 * <p>Asynchronous for every executor: with {@code inline} the handler runs on an event loop, where a
 * blocking downstream call fails at once, and one code path for all three kinds keeps the comparison about
 * where the handler runs, not about two implementations. The answer is written when the downstream's
 * answer arrives, on the client event loop that read it; no thread waits meanwhile.
 */
@RpcSchema(schemaId = PerfService.SCHEMA_ID, schemaInterface = PerfServiceAsync.class)
@Profile("proxy")
public final class PerfProxy implements PerfServiceAsync {

  /** The placeholder's default repeats {@code PerfKeys.PROXY_TARGET}'s, which also holds when no source sets it. */
  @RpcReference(microserviceName = "${proxy.target:" + PerfService.SERVICE_NAME + "}",
      schemaId = PerfService.SCHEMA_ID)
  private PerfServiceAsync downstream;

  private final ProxyTarget target;

  /** Checks {@code proxy.target} now, so that a bad one stops the start before anything is served. */
  @Autowired
  public PerfProxy(PerfConfig config) {
    this.target = ProxyTarget.from(config.config());
  }

  /** Where this proxy forwards. */
  public ProxyTarget target() {
    return target;
  }

  @Override
  public CompletableFuture<String> echo(String message) {
    return target.relay(downstream.echo(message));
  }

  @Override
  public CompletableFuture<Order> echoOrder(Order order) {
    return target.relay(downstream.echoOrder(order));
  }

  @Override
  public CompletableFuture<String> sleepEcho(String message, int delayMs) {
    return target.relay(downstream.sleepEcho(message, delayMs));
  }
}
