package io.axle.highway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Filter;
import io.axle.Status;
import io.axle.registry.Endpoint;
import io.axle.testing.AsyncChains;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import io.netty.util.internal.ThreadExecutorMap;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Many calls share a connection; losing it fails its calls at once, and the next call reconnects. */
class HighwayConnectionTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void thousandCallsInFlightOnOneConnection_completeOutOfOrder() throws Exception {
    Set<Endpoint> callers = ConcurrentHashMap.newKeySet();
    Filter recordCaller = (invocation, next) -> {
      callers.add(invocation.endpoint());
      return next.proceed(invocation);
    };
    Axle provider = runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.service.name", Runtimes.SERVICE, "axle.highway.address", "127.0.0.1:0",
            "axle.highway.server.thread-count", 1, "axle.highway.client.thread-count", 1)))
        .providerFilter(recordCaller)
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()));
    try (provider; Axle consumer = runtimes.consumer(provider, "highway", Map.of("axle.highway.client.thread-count", 1))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      ConcurrentLinkedQueue<Integer> completionOrder = new ConcurrentLinkedQueue<>();
      List<CompletableFuture<String>> futures = new ArrayList<>();
      for (int i = 0; i < 1000; i++) {
        int n = i;
        // Later calls finish sooner, so answers must overtake each other on the wire.
        futures.add(echo.delayedEcho("m" + i, 300 - (i % 300)).whenComplete((v, e) -> completionOrder.add(n)));
      }
      CompletableFuture.allOf(futures.toArray(CompletableFuture[]::new)).get(30, TimeUnit.SECONDS);
      for (int i = 0; i < 1000; i++) {
        assertThat(futures.get(i).get()).isEqualTo("m" + i);
      }
      List<Integer> order = new ArrayList<>(completionOrder);
      assertThat(order).hasSize(1000).doesNotHaveDuplicates();
      assertThat(order).as("completion order").isNotEqualTo(order.stream().sorted().toList());
      assertThat(callers).as("every call came over the same connection").hasSize(1);
    }
  }

  @Test
  void anAsyncCallMadeOnAClientEventLoop_staysOnThatLoopsConnection_inAndOutsideAReadBurst() throws Exception {
    Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of());
    try (provider; Axle consumer = runtimes.consumer(provider, "highway", Map.of("axle.highway.client.thread-count", 4))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      // Even steps continue at once, inside the read burst that completed them; odd ones through the
      // loop's task queue, outside any read burst.
      List<List<Thread>> chains = AsyncChains.run(echo, 8, 40, (step, next) -> {
        if (step % 2 == 0) {
          next.run();
        } else {
          ThreadExecutorMap.currentExecutor().execute(next);
        }
      });
      for (List<Thread> completedOn : chains) {
        assertThat(completedOn).hasSize(39);
        // The second call went round-robin; each later one from the loop that answered the one before.
        assertThat(Set.copyOf(completedOn)).as("threads that completed one chain's calls").hasSize(1);
        assertThat(completedOn.get(0).getName()).startsWith("vert.x-eventloop-thread-");
      }
    }
  }

  @Test
  void lostConnection_failsPendingCallsAtOnce_andTheNextCallReconnects() throws Exception {
    EchoServiceImpl first = new EchoServiceImpl();
    Axle provider = runtimes.provider("highway", first, Map.of());
    int port = provider.endpoint("highway").orElseThrow().port();
    try (Axle consumer = runtimes.consumer(provider, "highway", Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      CompletableFuture<String> pending = CompletableFuture.supplyAsync(() -> echo.block("never answered"));
      first.awaitBlocked();
      long start = System.nanoTime();
      provider.stop(Duration.ZERO);
      assertThatThrownBy(() -> pending.get(10, TimeUnit.SECONDS))
          .isInstanceOf(ExecutionException.class)
          .cause().isInstanceOfSatisfying(AxleException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.CONNECTION_FAILED);
            assertThat(e.getMessage()).startsWith("EchoService.block failed on highway://127.0.0.1:" + port + ": ");
          });
      // At once: long before the 30 s request timeout.
      assertThat(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - start)).isLessThan(10);

      try (Axle restarted = runtimes.provider("highway", new EchoServiceImpl(),
          Map.of("axle.highway.address", "127.0.0.1:" + port))) {
        assertThat(restarted.endpoint("highway").orElseThrow().port()).isEqualTo(port);
        assertThat(echo.echo("after reconnect")).isEqualTo("after reconnect");
      }
    } finally {
      first.release();
      provider.stop();
    }
  }

  @Test
  void callToAProviderThatIsDown_failsWithAConnectionError() {
    Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of());
    Endpoint endpoint = provider.endpoint("highway").orElseThrow();
    provider.stop();
    try (Axle consumer = runtimes.consumer(endpoint, "highway", Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThatThrownBy(() -> echo.echo("nobody home"))
          .isInstanceOfSatisfying(AxleException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.CONNECTION_FAILED);
            assertThat(e.getMessage()).contains("cannot connect");
          });
    }
  }

  @Test
  void gracefulStop_letsInFlightCallsFinish() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    Axle provider = runtimes.provider("highway", impl, Map.of());
    try (Axle consumer = runtimes.consumer(provider, "highway", Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      CompletableFuture<String> inFlight = CompletableFuture.supplyAsync(() -> echo.block("finishes"));
      impl.awaitBlocked();
      CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> provider.stop(Duration.ofSeconds(10)));
      Thread.sleep(200);
      assertThat(stopping).as("stop waits for the call in flight").isNotDone();
      impl.release();
      assertThat(inFlight.get(10, TimeUnit.SECONDS)).isEqualTo("finishes");
      stopping.get(15, TimeUnit.SECONDS);
    } finally {
      impl.release();
      provider.stop();
    }
  }

  @Test
  void consumerStop_failsCallsStillOpenAfterTheGracePeriod() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    try (Axle provider = runtimes.provider("highway", impl, Map.of())) {
      Axle consumer = runtimes.consumer(provider, "highway", Map.of());
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      CompletableFuture<String> inFlight = CompletableFuture.supplyAsync(() -> echo.block("abandoned"));
      impl.awaitBlocked();
      consumer.stop(Duration.ofMillis(200));
      assertThatThrownBy(() -> inFlight.get(10, TimeUnit.SECONDS))
          .cause().isInstanceOfSatisfying(AxleException.class, e ->
              assertThat(e.getMessage()).contains("the consumer stopped before the answer arrived"));
      assertThatThrownBy(() -> echo.echo("after stop"))
          .isInstanceOf(AxleException.class)
          .hasMessageContaining("was not sent");
      impl.release();
    } finally {
      impl.release();
    }
  }
}
