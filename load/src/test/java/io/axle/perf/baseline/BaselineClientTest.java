package io.axle.perf.baseline;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.config.AxleConfig;
import io.axle.perf.payload.Order;
import io.axle.perf.payload.Payloads;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The raw clients against the raw echoes: pipelined calls come back in order, to the caller that made them. */
class BaselineClientTest {
  private static BaselineServers servers;

  @BeforeAll
  static void start() {
    servers = BaselineServers.start(BaselineServersTest.config());
  }

  @AfterAll
  static void stop() {
    if (servers != null) {
      servers.close();
    }
  }

  @Test
  void tcp_manyCallsInFlightOnTwoConnections_eachGetsItsOwnAnswer() throws Exception {
    AxleConfig config = AxleConfig.builder().put("axle.highway.client.thread-count", 2).build();
    try (BaselineClient client = BaselineClient.open(servers.endpoints().get(Baseline.TCP), config)) {
      assertThat(client.sync().echo("ping")).isEqualTo("ping");
      List<CompletableFuture<String>> calls = new ArrayList<>();
      for (int i = 0; i < 500; i++) {
        calls.add(client.async().echo("m" + i));
      }
      for (int i = 0; i < calls.size(); i++) {
        assertThat(calls.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("m" + i);
      }
    }
  }

  @Test
  void rest_callsComeBackAsTheMessage() throws Exception {
    AxleConfig config = AxleConfig.builder().put("axle.rest.client.thread-count", 2)
        .put("axle.rest.client.connection.maxPoolSize", 2).build();
    try (BaselineClient client = BaselineClient.open(servers.endpoints().get(Baseline.REST), config)) {
      assertThat(client.sync().echo("ping")).isEqualTo("ping");
      List<CompletableFuture<String>> calls = new ArrayList<>();
      for (int i = 0; i < 100; i++) {
        calls.add(client.async().echo("m" + i));
      }
      for (int i = 0; i < calls.size(); i++) {
        assertThat(calls.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("m" + i);
      }
    }
  }

  @Test
  void rest_pipelining_manyCallsOnOneConnection_comeBackInOrder() throws Exception {
    AxleConfig config = AxleConfig.builder().put("axle.rest.client.thread-count", 1)
        .put("axle.rest.client.connection.maxPoolSize", 1).put("axle.rest.client.pipelining", true)
        .put("axle.rest.client.pipelining-limit", 25).build();
    try (BaselineClient client = BaselineClient.open(servers.endpoints().get(Baseline.REST), config)) {
      List<CompletableFuture<String>> calls = new ArrayList<>();
      for (int i = 0; i < 200; i++) {
        calls.add(client.async().echo("m" + i));
      }
      for (int i = 0; i < calls.size(); i++) {
        assertThat(calls.get(i).get(10, TimeUnit.SECONDS)).isEqualTo("m" + i);
      }
    }
  }

  @Test
  void echoOrder_carriesTheOrdersBytes_andAnswersTheOrder_overBoth() throws Exception {
    Order order = Payloads.of(Payloads.POJO_1K);
    AxleConfig config = AxleConfig.builder().put("axle.highway.client.thread-count", 1)
        .put("axle.rest.client.thread-count", 1).build();
    for (String kind : List.of(Baseline.TCP, Baseline.REST)) {
      try (BaselineClient client = BaselineClient.open(servers.endpoints().get(kind), config)) {
        assertThat(client.sync().echoOrder(order)).as(kind).isSameAs(order);
        assertThat(client.async().echoOrder(order).get(10, TimeUnit.SECONDS)).as(kind).isSameAs(order);
      }
    }
    assertThatThrownBy(() -> BaselineClient.echoed(order, 1065, 12))
        .hasMessage("the echo answered 12 bytes (expected: 1065) for Order[id=4711000042, 10 lines]");
  }

  @Test
  void tcp_anAnswerWithANegativeLength_failsTheCallNamingIt() throws Exception {
    // A server that does not speak the protocol: it answers every read with the length -1.
    io.vertx.core.Vertx vertx = io.vertx.core.Vertx.vertx();
    try {
      io.vertx.core.net.NetServer liar = vertx.createNetServer()
          .connectHandler(socket -> socket.handler(bytes -> socket.write(io.vertx.core.buffer.Buffer.buffer()
              .appendInt(-1))))
          .listen(0, "127.0.0.1").await(10, TimeUnit.SECONDS);
      AxleConfig config = AxleConfig.builder().put("axle.highway.client.thread-count", 1).build();
      io.axle.registry.Endpoint endpoint = new io.axle.registry.Endpoint(Baseline.TCP, "127.0.0.1",
          liar.actualPort());
      try (BaselineClient client = BaselineClient.open(endpoint, config)) {
        // Netty reads the length unsigned: -1 is 4294967295, over the limit.
        assertThatThrownBy(() -> client.sync().echo("x"))
            .hasMessageContaining("baseline answer: Adjusted frame length exceeds");
      }
    } finally {
      vertx.close().await(10, TimeUnit.SECONDS);
    }
  }

  @Test
  void noServer_theCallFails_andTheNextOneTriesAgain() {
    AxleConfig config = AxleConfig.builder().put("axle.highway.client.thread-count", 1).build();
    io.axle.registry.Endpoint nowhere = new io.axle.registry.Endpoint(Baseline.TCP, "127.0.0.1", 1);
    try (BaselineClient client = BaselineClient.open(nowhere, config)) {
      assertThatThrownBy(() -> client.sync().echo("x")).isInstanceOf(RuntimeException.class);
      assertThatThrownBy(() -> client.sync().echo("x")).isInstanceOf(RuntimeException.class);
      assertThatThrownBy(() -> client.sync().sleepEcho("x", 1)).hasMessageContaining("no sleepEcho");
    }
  }
}
