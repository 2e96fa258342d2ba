package io.axle.perf.baseline;

import io.axle.config.AxleConfig;
import io.axle.perf.PerfService;
import io.axle.perf.PerfServiceAsync;
import io.axle.perf.payload.Order;
import io.axle.registry.Endpoint;
import io.vertx.core.Vertx;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What the consumer's load engine calls instead of Axle's references when it drives a baseline: the two
 * views of {@code PerfService} over one raw client, {@code echo} only (the raw echoes have no
 * {@code sleepEcho}; the long-tail test is refused before a baseline run starts). The blocking view waits on
 * the reactive one, as Axle's synchronous proxies wait on their call.
 */
public abstract class BaselineClient implements AutoCloseable {
  static final String NO_SLEEP_ECHO = "the raw baseline echo has no sleepEcho";

  private final Vertx vertx;
  private final AtomicBoolean closed = new AtomicBoolean();

  /** @param vertx the client's own instance, closed with it */
  BaselineClient(Vertx vertx) {
    this.vertx = vertx;
  }

  /**
   * The raw TCP client ({@link Baseline#TCP}) or the raw HTTP one ({@link Baseline#REST}, or {@code rest}: Axle's
   * REST server, as {@code rest.client: raw} drives it) to {@code endpoint}, with the connections the matching Axle
   * transport's client keys in {@code config} say.
   */
  public static BaselineClient open(Endpoint endpoint, AxleConfig config) {
    return switch (endpoint.transport()) {
      case Baseline.TCP -> new TcpBaselineClient(endpoint, config);
      case Baseline.REST, HttpBaselineClient.AXLE_REST -> new HttpBaselineClient(endpoint, config);
      default -> throw new IllegalArgumentException("baseline endpoint: " + endpoint + " (expected: "
          + Baseline.TCP + "://host:port, " + Baseline.REST + "://host:port or, for Axle's REST server driven by the "
          + "raw HTTP client, " + HttpBaselineClient.AXLE_REST + "://host:port)");
    };
  }

  /** One echo of {@code message}; completes with the answer, or fails as the connection does. */
  abstract CompletableFuture<String> echo(String message);

  /**
   * One echo of the bytes Axle's transport carries for {@code order} (encoded once and kept: a raw
   * echo moves bytes and serialises nothing); completes with {@code order} once they are back.
   */
  abstract CompletableFuture<Order> echoOrder(Order order);

  /** {@code order}, when the echo brought back the bytes expected for it; a failure otherwise. */
  static Order echoed(Order order, int expected, int received) {
    if (received != expected) {
      throw new IllegalStateException("the echo answered " + received + " bytes (expected: " + expected + ") for "
          + order);
    }
    return order;
  }

  /** The blocking view, for the probe and the sync driver. */
  public PerfService sync() {
    return new PerfService() {
      @Override
      public String echo(String message) {
        return joined(BaselineClient.this.echo(message));
      }

      @Override
      public Order echoOrder(Order order) {
        return joined(BaselineClient.this.echoOrder(order));
      }

      @Override
      public String sleepEcho(String message, int delayMs) {
        throw new UnsupportedOperationException(NO_SLEEP_ECHO);
      }
    };
  }

  /** Waits for {@code call}; its failure is thrown as it was, not wrapped. */
  private static <T> T joined(CompletableFuture<T> call) {
    try {
      return call.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException r ? r : e;
    }
  }

  /** The reactive view, for the async and open-loop drivers. */
  public PerfServiceAsync async() {
    return new PerfServiceAsync() {
      @Override
      public CompletableFuture<String> echo(String message) {
        return BaselineClient.this.echo(message);
      }

      @Override
      public CompletableFuture<Order> echoOrder(Order order) {
        return BaselineClient.this.echoOrder(order);
      }

      @Override
      public CompletableFuture<String> sleepEcho(String message, int delayMs) {
        return CompletableFuture.failedFuture(new UnsupportedOperationException(NO_SLEEP_ECHO));
      }
    };
  }

  /** Closes the client's connections and its event loops. */
  @Override
  public void close() {
    if (!closed.compareAndSet(false, true)) {
      return;
    }
    try {
      vertx.close().await(10, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      // Daemon threads: nothing is left running that could keep the process alive.
    }
  }
}
