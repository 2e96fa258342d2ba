package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.AxleException;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;

/** Closing a provider application while calls are in flight: each call completes or fails clearly; none hangs. */
@org.junit.jupiter.api.Tag("slow") // Boot applications with a web server: outside the fast subset
class GracefulShutdownTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final Duration GRACE = Duration.ofSeconds(2);
  private static final int SHORT_CALLS = 40;
  private static final int LONG_CALLS = 5;
  private static final int SYNC_CALLS = 4;

  @Test
  void closingTheProvider_completesShortCallsAndFailsLongOnes_withinTheGrace() throws Exception {
    runtimes.expectUnended("the provider's side of the long calls: their methods (15 s) outlast the grace and the "
        + "books' wait; the stop fails them at the consumer, and nothing ends them at the provider before they return");
    ConfigurableApplicationContext provider = Apps.run(runtimes, ProviderApp.class, "--axle.service.name=echo-service",
        "--axle.shutdown.timeout=" + GRACE.toMillis() + "ms");
    ExecutorService callers = Executors.newVirtualThreadPerTaskExecutor();
    try (ConfigurableApplicationContext consumer = Apps.run(runtimes, ConsumerApp.class,
        "--axle.registry.local.echo-service=" + Apps.registryEntry(provider, "highway"))) {
      EchoService echo = consumer.getBean(Caller.class).echo;
      List<CompletableFuture<String>> shortCalls = new ArrayList<>();
      List<CompletableFuture<String>> longCalls = new ArrayList<>();
      for (int i = 0; i < SHORT_CALLS; i++) {
        shortCalls.add(echo.delayedEcho("short-" + i, 300));
      }
      for (int i = 0; i < LONG_CALLS; i++) {
        // Longer than the grace, shorter than the consumer's timeout: only the stop can end them in time.
        longCalls.add(echo.delayedEcho("long-" + i, 15_000));
      }
      List<CompletableFuture<String>> syncCalls = new ArrayList<>();
      for (int i = 0; i < SYNC_CALLS; i++) {
        String message = "sync-" + i;
        syncCalls.add(CompletableFuture.supplyAsync(() -> echo.sleepEcho(message, 300), callers));
      }
      EchoProvider echoProvider = provider.getBean(EchoProvider.class);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (echoProvider.delayedCalls.get() < SHORT_CALLS + LONG_CALLS && System.nanoTime() < deadline) {
        Thread.sleep(5);
      }
      assertThat(echoProvider.delayedCalls.get()).as("calls in flight at the provider")
          .isEqualTo(SHORT_CALLS + LONG_CALLS);

      long closeStart = System.nanoTime();
      provider.close();
      Duration closing = Duration.ofNanos(System.nanoTime() - closeStart);

      List<CompletableFuture<String>> all = new ArrayList<>(shortCalls);
      all.addAll(longCalls);
      all.addAll(syncCalls);
      // Bounded: well under the 20 s request timeout of microservice.yaml, so no call merely timed out.
      CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).handle((v, e) -> null)
          .get(GRACE.toSeconds() + 5, TimeUnit.SECONDS);
      assertThat(closing).as("time to close the provider").isLessThan(GRACE.plusSeconds(3));

      for (int i = 0; i < SHORT_CALLS; i++) {
        assertThat(shortCalls.get(i).join()).isEqualTo("short-" + i);
      }
      for (CompletableFuture<String> call : longCalls) {
        assertFailedClearly(call);
      }
      for (int i = 0; i < SYNC_CALLS; i++) {
        CompletableFuture<String> call = syncCalls.get(i);
        if (!call.isCompletedExceptionally()) {
          assertThat(call.join()).isEqualTo("sync-" + i);
        } else {
          assertFailedClearly(call);
        }
      }
    } finally {
      callers.shutdownNow();
      provider.close();
    }
  }

  private static void assertFailedClearly(CompletableFuture<String> call) {
    assertThat(call).isCompletedExceptionally();
    Throwable error = call.handle((result, e) -> e instanceof CompletionException c ? c.getCause() : e).join();
    assertThat(error).isInstanceOf(AxleException.class);
    // Ended by the stop, not by a timeout: the provider failed it, or its connection closed under it.
    assertThat(((AxleException) error).status()).isIn(Status.SHUTTING_DOWN, Status.CONNECTION_FAILED);
    assertThat(error.getMessage()).as("message of " + error).isNotBlank().contains("EchoService.");
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(EchoProvider.class)
  static class ProviderApp {
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(Caller.class)
  static class ConsumerApp {
  }

  public static class Caller {
    @RpcReference(microserviceName = "echo-service", schemaId = "EchoService")
    EchoService echo;
  }
}
