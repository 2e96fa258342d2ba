package io.axle.highway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoService.Color;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Pojo;
import io.axle.testing.Runtimes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Calls of every shape over a real highway connection on loopback. */
class HighwayCallsTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static final EchoServiceImpl impl = new EchoServiceImpl();
  private static Axle provider;
  private static Axle consumer;
  private static EchoService echo;

  @BeforeAll
  static void start() {
    provider = runtimes.provider("highway", impl, Map.of());
    consumer = runtimes.consumer(provider, "highway", Map.of());
    echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
  }

  @AfterAll
  static void stop() {
    if (consumer != null) {
      consumer.stop();
    }
    if (provider != null) {
      provider.stop();
    }
  }

  @Test
  void syncCall_returnsTheProvidersResult() {
    assertThat(echo.echo("hello")).isEqualTo("hello");
    assertThat(echo.echo("")).isEqualTo("");
    assertThat(echo.echo(null)).isNull();
    assertThat(echo.echo("ünïcødé ✓")).isEqualTo("ünïcødé ✓");
    // Beyond the Basic Multilingual Plane (surrogate pairs), and large: the JDK's UTF-8 either way.
    assertThat(echo.echo("emoji 😀 and 𝄞, 中文")).isEqualTo("emoji 😀 and 𝄞, 中文");
    String large = "x".repeat(70_000) + "ü😀";
    assertThat(echo.echo(large)).isEqualTo(large);
    // UTF-8 cannot carry an unpaired surrogate: it arrives as '?', as Java's own encoder writes it.
    assertThat(echo.echo("a\uD800b")).isEqualTo("a?b");
  }

  @Test
  void largeAndSmallCallsInterleaved_onOneConnection_allArriveWhole() throws Exception {
    // Large frames (bodies of 16 KiB and more) go to the socket as encoded, between the batches the
    // small ones are copied into: on both sides, whatever order they are made in.
    List<String> messages = new java.util.ArrayList<>();
    for (int i = 0; i < 60; i++) {
      messages.add(i % 3 == 0 ? i + ":" + "L".repeat(16 * 1024 + i * 997) : "small " + i);
    }
    List<CompletableFuture<String>> answers = messages.stream().map(echo::echoAsync).toList();
    for (int i = 0; i < messages.size(); i++) {
      assertThat(answers.get(i).get(20, TimeUnit.SECONDS)).as("answer %d", i).isEqualTo(messages.get(i));
    }
  }

  @Test
  void theRuntimes_describeWhatTheyServeAndHowTheyCall() {
    io.axle.OperationInfo served = provider.operations().stream().filter(op -> op.name().equals("EchoService.echo"))
        .findFirst().orElseThrow();
    assertThat(served.executor()).startsWith("group");
    assertThat(served.chain()).isEqualTo("[] -> method");
    assertThat(served.admissions()).isEmpty();
    assertThat(consumer.operations()).isEmpty();
    assertThat(consumer.consumerChain()).isEqualTo("[endpoint-selection(round-robin)] -> transport");
  }

  @Test
  void asyncCall_completesTheFuture() throws Exception {
    CompletableFuture<String> future = echo.echoAsync("async");
    assertThat(future.get(10, TimeUnit.SECONDS)).isEqualTo("async");
    assertThat(echo.delayedEcho("later", 20).get(10, TimeUnit.SECONDS)).isEqualTo("later");
  }

  @Test
  void scalarsEnumsBytesAndPojos_roundTrip() {
    assertThat(echo.add(40, 2)).isEqualTo(42);
    assertThat(echo.add(-5, 0)).isEqualTo(-5);
    assertThat(echo.next(Color.BLUE)).isEqualTo(Color.RED);
    assertThat(echo.reverse(new byte[] {1, 2, 3})).containsExactly(3, 2, 1);
    Pojo pojo = new Pojo("root", 7);
    pojo.tags = List.of("a", "b");
    pojo.counts = Map.of("x", 1, "y", 2);
    pojo.child = new Pojo("child", 8);
    assertThat(echo.roundTrip(pojo)).isEqualTo(pojo);
  }

  @Test
  void voidOperation_runsOnTheProvider() {
    int before = impl.fired.get();
    echo.fireAndForget("x");
    assertThat(impl.fired.get()).isEqualTo(before + 1);
  }

  @Test
  void providerException_reachesCallerWithStatusAndMessage() {
    assertThatThrownBy(() -> echo.fail("bad input"))
        .isInstanceOfSatisfying(AxleException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.PROVIDER_ERROR);
          assertThat(e.getMessage()).isEqualTo("EchoService.fail failed: IllegalArgumentException: bad input");
        });
  }

  @Test
  void providerException_failsTheAsyncFutureWithTheSameError() {
    EchoService async = echo;
    CompletableFuture<String> future = async.delayedEcho("x", 0).thenApply(v -> async.fail("nope"));
    assertThatThrownBy(() -> future.get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class);
  }

  @Test
  void syncCallFromAnEventLoop_failsAtOnceInsteadOfDeadlocking() throws Exception {
    // The future of an async call completes on the client's event loop; the delay makes sure
    // the callback is attached before that, so it runs there and not on this thread.
    CompletableFuture<Throwable> seen = echo.delayedEcho("x", 200).handle((v, e) -> {
      try {
        echo.echo("blocking");
        return null;
      } catch (Throwable t) {
        return t;
      }
    });
    assertThat(seen.get(10, TimeUnit.SECONDS))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("blocking call EchoService.echo on event-loop thread");
  }
}
