package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.registry.Endpoint;
import io.axle.registry.InstanceList;
import io.axle.registry.LocalRegistry;
import io.axle.testing.AxleExtension;
import io.axle.testing.Runtimes;
import io.axle.transport.Attempt;
import io.axle.transport.Transport;
import io.axle.transport.TransportContext;
import io.axle.transport.TransportFactory;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The registry watches of the consumer side: an endpoint selection's is closed with it, a runtime's stop
 * closes those of the references it made, and a reference that fails half-way leaves none open.
 */
class RegistryWatchesTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  interface Inventory {
    String stock(String sku);

    String reserve(String sku);
  }

  private static final OperationMeta STOCK = SchemaMeta.of("Inventory", Inventory.class).operations().get("stock");
  private static final Endpoint FIRST = Endpoint.parse("highway://127.0.0.1:7070");
  private static final Endpoint SECOND = Endpoint.parse("highway://127.0.0.1:7071");

  /** Answers every call at once and records where it went. */
  private static final class AnsweringTransport implements Transport {
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
    public CompletableFuture<Response> send(Attempt invocation, Endpoint endpoint) {
      to.add(endpoint);
      return CompletableFuture.completedFuture(Response.ok("7"));
    }

    @Override
    public int callsInFlight() {
      return 0;
    }

    @Override
    public CompletableFuture<Void> shutdown(Duration grace) {
      return CompletableFuture.completedFuture(null);
    }
  }

  private static final class AnsweringTransportFactory implements TransportFactory {
    @Override
    public String name() {
      return "highway";
    }

    @Override
    public int eventLoops(AxleConfig config) {
      return 1;
    }

    @Override
    public Transport create(TransportContext context) {
      return new AnsweringTransport();
    }

    @Override
    public List<ConfigKey<?>> configKeys() {
      return List.of();
    }
  }

  private static int watches(LocalRegistry registry, String service) {
    return ((InstanceList) registry.lookup(service)).watchCount();
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
  void aClosedSelection_noLongerFollowsTheRegistry_andClosingTwiceIsFine() {
    LocalRegistry registry = LocalRegistry.of(Map.of("inventory", List.of(FIRST.toString())));
    AxleConfig config = AxleConfig.builder().build();
    EndpointSelection selection = new EndpointSelection("inventory", "highway", registry,
        new LoadBalancers(config, Map.of()).create("inventory", "Inventory", "stock"),
        new EndpointStates(Duration.ofSeconds(1), Duration.ofSeconds(30)), new RetryBudget(10, 10), true,
        Duration.ofMillis(100));
    AnsweringTransport transport = new AnsweringTransport();
    assertThat(watches(registry, "inventory")).isEqualTo(1);

    registry.update("inventory", List.of(SECOND));
    selection.onInvocation(call(), new EndpointSelection.TransportLink(transport)).join();
    assertThat(transport.to).as("followed the change while open").containsExactly(SECOND);

    selection.close();
    selection.close();
    assertThat(watches(registry, "inventory")).isZero();
    registry.update("inventory", List.of(FIRST));
    selection.onInvocation(call(), new EndpointSelection.TransportLink(transport)).join();
    assertThat(transport.to).as("closed: picks from the last list it heard of").containsExactly(SECOND, SECOND);
  }

  @Test
  void stop_closesTheWatchesOfTheReferencesMade_inARegistryThatOutlivesTheRuntime() {
    LocalRegistry registry = LocalRegistry.of(Map.of("inventory", List.of(FIRST.toString())));
    Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(Map.of("axle.service.name", "shop")))
        .registry(registry).transport(new AnsweringTransportFactory()));
    Inventory inventory = consumer.reference(Inventory.class, "inventory", "Inventory");
    assertThat(inventory.stock("sku-1")).isEqualTo("7");
    assertThat(watches(registry, "inventory")).as("one selection per operation").isEqualTo(2);

    consumer.stop(Duration.ZERO);

    assertThat(watches(registry, "inventory")).isZero();
  }

  @Test
  void aReferenceThatFailsHalfWay_leavesNoWatch() {
    LocalRegistry registry = LocalRegistry.of(Map.of("inventory", List.of(FIRST.toString())));
    // The second operation names a transport there is not: its reference fails after the first's selection.
    try (Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(Map.of("axle.service.name", "shop",
            "axle.references.transport.inventory.Inventory.reserve", "rest")))
        .registry(registry).transport(new AnsweringTransportFactory()))) {
      assertThatThrownBy(() -> consumer.reference(Inventory.class, "inventory", "Inventory"))
          .hasMessageStartingWith("axle.references.transport.inventory.Inventory.reserve: rest");
      assertThat(watches(registry, "inventory")).isZero();
    }
  }
}
