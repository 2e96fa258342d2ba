package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.axle.config.AxleConfig;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.registry.Endpoint;
import io.axle.registry.LocalRegistry;
import io.axle.transport.Transport;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The selection link with hedged attempts, against a transport that records what it is handed: an
 * attempt cancelled before it was sent goes nowhere and isolates nothing; one cancelled in flight is
 * cancelled at the transport; a hedge with no other instance is not sent.
 */
class EndpointSelectionTest {
  interface Inventory {
    String stock(String sku);
  }

  private static final OperationMeta STOCK = SchemaMeta.of("Inventory", Inventory.class).operations().get("stock");

  /** Takes calls and answers none: each is left for the test to end. */
  private static final class HeldTransport implements Transport {
    final List<CompletableFuture<Response>> sent = new CopyOnWriteArrayList<>();
    final List<Endpoint> to = new CopyOnWriteArrayList<>();

    @Override
    public String name() {
      return "highway";
    }

    @Override
    public CompletableFuture<Endpoint> start() {
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public CompletableFuture<Response> send(io.axle.transport.Attempt invocation, Endpoint endpoint) {
      CompletableFuture<Response> future = new CompletableFuture<>();
      sent.add(future);
      to.add(endpoint);
      return future;
    }

    @Override
    public int callsInFlight() {
      return (int) sent.stream().filter(f -> !f.isDone()).count();
    }

    @Override
    public CompletableFuture<Void> shutdown(Duration grace) {
      return CompletableFuture.completedFuture(null);
    }
  }

  private final HeldTransport transport = new HeldTransport();
  private final EndpointStates states = new EndpointStates(Duration.ofSeconds(1), Duration.ofSeconds(30));

  private EndpointSelection selection(String... endpoints) {
    LocalRegistry registry = LocalRegistry.of(Map.of("inventory", List.of(endpoints)));
    AxleConfig config = AxleConfig.builder().build();
    return new EndpointSelection("inventory", "highway", registry,
        new LoadBalancers(config, Map.of()).create("inventory", "Inventory", "stock"), states,
        new RetryBudget(10, 10), true, Duration.ofMillis(100));
  }

  private static Invocation call() {
    Invocation invocation = TestInvocations.of(Role.CONSUMER, STOCK, new Object[] {"sku-1"});
    long now = System.nanoTime();
    invocation.mark(Stage.CONSUMER_START, now);
    invocation.deadlineNanos(now + TimeUnit.SECONDS.toNanos(10));
    invocation.transport("highway");
    return invocation;
  }

  @Test
  void aHedgeCancelledBeforeItWasSent_isNotSent_andIsolatesNothing() {
    EndpointSelection selection = selection("highway://127.0.0.1:7070", "highway://127.0.0.1:7071");
    Invocation first = call();
    first.markCancellable();
    selection.onInvocation(first, new EndpointSelection.TransportLink(transport));
    Invocation hedge = first.hedgeAttempt();
    hedge.cancel(); // the first answered before the hedge reached the transport

    CompletableFuture<Response> result = selection.onInvocation(hedge, new EndpointSelection.TransportLink(transport));

    assertThat(result.isCancelled() || result.isCompletedExceptionally()).as("ended as a cancellation").isTrue();
    assertThat(transport.sent).as("only the first attempt was sent").hasSize(1);
    assertThat(states.noneFailing()).as("no instance isolated").isTrue();
  }

  @Test
  void anAttemptCancelledInFlight_isCancelledAtTheTransport_andIsolatesNothing() {
    EndpointSelection selection = selection("highway://127.0.0.1:7070", "highway://127.0.0.1:7071");
    Invocation first = call();
    first.markCancellable();
    CompletableFuture<Response> result = selection.onInvocation(first, new EndpointSelection.TransportLink(transport));
    assertThat(transport.sent).hasSize(1);

    first.cancel();

    assertThat(transport.sent.get(0).isCancelled()).isTrue();
    assertThat(result).isCompletedExceptionally();
    assertThat(transport.sent).as("not sent anywhere else").hasSize(1);
    assertThat(states.noneFailing()).isTrue();
  }

  @Test
  void aHedgeWithNoOtherInstance_isNotSent() {
    EndpointSelection selection = selection("highway://127.0.0.1:7070");
    Invocation first = call();
    first.markCancellable();
    selection.onInvocation(first, new EndpointSelection.TransportLink(transport));

    Response hedged = selection.onInvocation(first.hedgeAttempt(), new EndpointSelection.TransportLink(transport)).join();

    assertThat(hedged.status()).isEqualTo(Status.OVERLOADED);
    assertThat(hedged.error().isNotRun()).isTrue();
    assertThat(hedged.error().getMessage()).isEqualTo("Inventory.stock was not hedged: no other instance of inventory");
    assertThat(transport.sent).hasSize(1);
  }

  @Test
  void aHedge_avoidsTheFirstAttemptsInstance() {
    EndpointSelection selection = selection("highway://127.0.0.1:7070", "highway://127.0.0.1:7071");
    Invocation first = call();
    first.markCancellable();
    selection.onInvocation(first, new EndpointSelection.TransportLink(transport));
    selection.onInvocation(first.hedgeAttempt(), new EndpointSelection.TransportLink(transport));

    assertThat(transport.to).hasSize(2);
    assertThat(transport.to.get(1)).isNotEqualTo(transport.to.get(0));
  }
}
