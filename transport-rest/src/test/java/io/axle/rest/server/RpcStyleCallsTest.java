package io.axle.rest.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.Call;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** A schema without annotations is served RPC-style: {@code POST /<schemaId>/<operation>} with named arguments. */
class RpcStyleCallsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void namedArguments_inAJsonObject() throws Exception {
    try (Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of());
        Http http = new Http(provider)) {
      assertThat(Http.ok(http.post("/EchoService/add", "{\"a\":40,\"b\":2}")).asInt()).isEqualTo(42);
      assertThat(Http.ok(http.post("/EchoService/echo", "{\"message\":\"hi\"}")).asString()).isEqualTo("hi");
      assertThat(Http.ok(http.post("/EchoService/next", "{\"color\":\"RED\"}")).asString()).isEqualTo("GREEN");
      assertThat(Http.ok(http.post("/EchoService/echoAsync", "{\"message\":\"later\"}")).asString())
          .isEqualTo("later");
      var pojo = Http.ok(http.post("/EchoService/roundTrip",
          "{\"pojo\":{\"name\":\"p\",\"id\":3,\"tags\":[\"x\"],\"counts\":{\"k\":4}}}"));
      assertThat(pojo.get("counts").get("k").asInt()).isEqualTo(4);
    }
  }

  @Test
  void missingArguments_areNullOrZero_andNoParametersNeedNoBody() throws Exception {
    try (Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of());
        Http http = new Http(provider)) {
      assertThat(Http.ok(http.post("/EchoService/add", "{\"a\":5}")).asInt()).isEqualTo(5);
      assertThat(http.post("/EchoService/echo", "{}").body()).isEqualTo("null");
      assertThat(Http.ok(http.post("/EchoService/threadInfo", null)).asString()).startsWith("pool:");
    }
  }

  @Test
  void axleHeaders_becomeTheInvocationsDeadlineContextAndCaller() throws Exception {
    AtomicReference<Call> seen = new AtomicReference<>();
    AtomicReference<Long> remainingMs = new AtomicReference<>();
    Map<String, Object> config = Providers.config(Map.of());
    try (Axle provider = runtimes.start(Axle.builder().config(Runtimes.config(config))
        .providerFilter((invocation, next) -> {
          seen.set(invocation);
          remainingMs.set(invocation.remainingNanos() / 1_000_000);
          return next.proceed(invocation);
        })
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()));
        Http http = new Http(provider)) {
      Http.ok(http.send(http.request("POST", "/EchoService/echo", "{\"message\":\"m\"}")
          .header("x-axle-timeout-ms", "60000")
          .header("x-axle-context", "{\"tenant\":\"acme\",\"trace\":\"t1\"}")));
      Call invocation = seen.get();
      assertThat(invocation.context()).containsExactlyInAnyOrderEntriesOf(Map.of("tenant", "acme", "trace", "t1"));
      assertThat(remainingMs.get()).isBetween(1L, 60000L);
      assertThat(invocation.transport()).isEqualTo("rest");
      assertThat(invocation.endpoint().host()).isEqualTo("127.0.0.1");
      assertThat(invocation.endpoint().port()).isPositive();

      Http.ok(http.post("/EchoService/echo", "{\"message\":\"no headers\"}"));
      assertThat(seen.get().deadlineNanos()).as("no timeout header, no deadline").isZero();
      assertThat(seen.get().context()).as("no context header, no entries").isEmpty();
    }
  }
}
