package io.axle.highway;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Filter;
import io.axle.Response;
import io.axle.Role;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** One filter type serves both sides; order is registration order; context travels with the call. */
class HighwayFiltersTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static Filter recording(String name, List<String> events) {
    return new Filter() {
      @Override
      public CompletableFuture<Response> onFilter(io.axle.Call invocation, io.axle.FilterChain next) {
        events.add(name + ":before:" + invocation.role());
        return next.proceed(invocation).thenApply(response -> {
          events.add(name + ":after:" + response.status());
          return response;
        });
      }

      @Override
      public String name() {
        return name;
      }
    };
  }

  @Test
  void filters_runInRegistrationOrderOnBothSides_andContextTravels() {
    List<String> events = new CopyOnWriteArrayList<>();
    Filter addContext = (invocation, next) -> {
      invocation.context().put("trace-id", "t-42");
      return next.proceed(invocation);
    };
    Filter readContext = (invocation, next) -> {
      events.add("provider saw trace-id=" + invocation.context().get("trace-id") + " role=" + invocation.role()
          + " transport=" + invocation.transport());
      return next.proceed(invocation);
    };
    Axle provider = runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.highway.address", "127.0.0.1:0", "axle.highway.server.thread-count", 1,
            "axle.highway.client.thread-count", 1)))
        .providerFilter(recording("p1", events))
        .providerFilter(readContext)
        .providerFilter(recording("p2", events))
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()));
    Axle consumer = runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.registry.local." + Runtimes.SERVICE,
            "highway://127.0.0.1:" + provider.endpoint("highway").orElseThrow().port(),
            "axle.highway.client.thread-count", 1, "axle.highway.server.thread-count", 1)))
        .consumerFilter(recording("c1", events))
        .consumerFilter(addContext)
        .consumerFilter(recording("c2", events)));
    try (provider; consumer) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThat(echo.echo("x")).isEqualTo("x");
      assertThat(events).containsExactly(
          "c1:before:CONSUMER", "c2:before:CONSUMER",
          "p1:before:PROVIDER", "provider saw trace-id=t-42 role=PROVIDER transport=highway", "p2:before:PROVIDER",
          "p2:after:OK", "p1:after:OK",
          "c2:after:OK", "c1:after:OK");
    }
  }

  @Test
  void aFilterMayAnswerWithoutCallingTheRest() {
    EchoServiceImpl impl = new EchoServiceImpl();
    Filter deny = (invocation, next) -> invocation.operation().name().equals("fireAndForget")
        ? CompletableFuture.completedFuture(Response.failure(Status.OVERLOADED, "shed by test filter"))
        : next.proceed(invocation);
    Axle provider = runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.highway.address", "127.0.0.1:0", "axle.highway.server.thread-count", 1,
            "axle.highway.client.thread-count", 1)))
        .providerFilter(deny)
        .provider(Runtimes.SCHEMA, EchoService.class, impl));
    try (provider; Axle consumer = runtimes.consumer(provider, "highway", Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThatThrownBy(() -> echo.fireAndForget("x"))
          .isInstanceOfSatisfying(AxleException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.OVERLOADED);
            assertThat(e.getMessage()).isEqualTo("shed by test filter");
          });
      assertThat(impl.fired.get()).isZero();
      assertThat(echo.echo("others pass")).isEqualTo("others pass");
    }
  }

  @Test
  void aThrowingFilter_failsOnlyThatCall_namingTheFilter() {
    Filter broken = new Filter() {
      @Override
      public CompletableFuture<Response> onFilter(io.axle.Call invocation, io.axle.FilterChain next) {
        if (invocation.role() == Role.CONSUMER && "boom".equals(invocation.args()[0])) {
          throw new IllegalStateException("filter bug");
        }
        return next.proceed(invocation);
      }

      @Override
      public String name() {
        return "broken";
      }
    };
    try (Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of());
        Axle consumer = runtimes.start(Axle.builder()
            .config(Runtimes.config(Map.of("axle.registry.local." + Runtimes.SERVICE,
                "highway://127.0.0.1:" + provider.endpoint("highway").orElseThrow().port(),
                "axle.highway.client.thread-count", 1, "axle.highway.server.thread-count", 1)))
            .consumerFilter(broken))) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
      assertThatThrownBy(() -> echo.echo("boom"))
          .isInstanceOfSatisfying(AxleException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.INTERNAL_ERROR);
            assertThat(e.getMessage()).isEqualTo("filter broken threw: java.lang.IllegalStateException: filter bug");
          });
      assertThat(echo.echo("fine")).isEqualTo("fine");
    }
  }
}
