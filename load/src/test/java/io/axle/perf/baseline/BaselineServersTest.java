package io.axle.perf.baseline;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.AxleConfig;
import io.axle.registry.Endpoint;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The raw echoes, spoken to over plain sockets and the JDK's HTTP client: nothing of Vert.x on the test's side. */
class BaselineServersTest {
  private static BaselineServers servers;

  @BeforeAll
  static void start() {
    servers = BaselineServers.start(config());
  }

  @AfterAll
  static void stop() {
    if (servers != null) {
      servers.close();
    }
  }

  static AxleConfig config() {
    return AxleConfig.builder().put("baseline.address", "127.0.0.1:0").put("baseline.rest-address", "127.0.0.1:0")
        .put("axle.highway.server.thread-count", 2).put("axle.rest.server.thread-count", 1).build();
  }

  @Test
  void tcpEcho_answersEveryFrame_evenSplitAcrossWrites_orTwoInOneWrite() throws Exception {
    Endpoint tcp = servers.endpoints().get(Baseline.TCP);
    try (Socket socket = new Socket("127.0.0.1", tcp.port())) {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(5000);
      OutputStream out = socket.getOutputStream();
      DataInputStream in = new DataInputStream(socket.getInputStream());

      // One frame in three writes: the length itself cut in two, then the payload.
      byte[] hello = frame("hello");
      out.write(hello, 0, 2);
      out.flush();
      Thread.sleep(50);
      out.write(hello, 2, 3);
      out.flush();
      Thread.sleep(50);
      out.write(hello, 5, hello.length - 5);
      out.flush();
      assertThat(readFrame(in)).isEqualTo("hello");

      // Two frames and an empty one in one write: three answers, in order.
      byte[] first = frame("first");
      byte[] empty = frame("");
      byte[] second = frame("second frame");
      out.write(ByteBuffer.allocate(first.length + empty.length + second.length).put(first).put(empty).put(second)
          .array());
      out.flush();
      assertThat(readFrame(in)).isEqualTo("first");
      assertThat(readFrame(in)).isEmpty();
      assertThat(readFrame(in)).isEqualTo("second frame");
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"task", "burst"})
  void tcpEchoWithAHandOff_answersEveryFrameInOrder_fromItsPoolsThreads(String handOff) throws Exception {
    AxleConfig config = AxleConfig.builder().put("baseline.address", "127.0.0.1:0")
        .put("baseline.rest-address", "127.0.0.1:0").put("baseline.hand-off", handOff)
        .put("axle.highway.server.thread-count", 2).put("axle.rest.server.thread-count", 1)
        .put("axle.executor.default.thread-per-group", 1).build();
    try (BaselineServers handedOff = BaselineServers.start(config);
        Socket socket = new Socket("127.0.0.1", handedOff.endpoints().get(Baseline.TCP).port())) {
      socket.setTcpNoDelay(true);
      socket.setSoTimeout(5000);
      OutputStream out = socket.getOutputStream();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      ByteArrayOutputStream burst = new ByteArrayOutputStream();
      for (int i = 0; i < 50; i++) {
        burst.write(frame("frame " + i));
      }
      out.write(burst.toByteArray());
      out.flush();
      for (int i = 0; i < 50; i++) {
        assertThat(readFrame(in)).isEqualTo("frame " + i);
      }
      assertThat(Thread.getAllStackTraces().keySet()).as("the echo's pool threads, one per server loop")
          .filteredOn(t -> t.getName().startsWith("baseline-g")).isNotEmpty()
          .allMatch(t -> t.getName().matches("baseline-g[01]-t0"));
      // The frames went through them: a pool counts a task once it returned, just after its answer left.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
      while (handedOff.handedOffTasks() < (handOff.equals("task") ? 50 : 1) && System.nanoTime() < deadline) {
        Thread.sleep(1);
      }
      long tasks = handedOff.handedOffTasks();
      if (handOff.equals("task")) {
        assertThat(tasks).as("tasks the pools ran for 50 frames, one each").isEqualTo(50);
      } else {
        assertThat(tasks).as("tasks the pools ran for 50 frames, a read burst each").isBetween(1L, 50L);
      }
    }
  }

  @Test
  void tcpEcho_closesAConnectionThatSendsANegativeLength() throws Exception {
    Endpoint tcp = servers.endpoints().get(Baseline.TCP);
    try (Socket socket = new Socket("127.0.0.1", tcp.port())) {
      socket.setSoTimeout(5000);
      socket.getOutputStream().write(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff});
      assertThat(socket.getInputStream().read()).as("end of stream").isEqualTo(-1);
    }
  }

  @Test
  void httpEcho_answersAnEchoCallAsRestWould_andAnyOtherBodyWhole() throws Exception {
    Endpoint rest = servers.endpoints().get(Baseline.REST);
    try (HttpClient http = HttpClient.newHttpClient()) {
      HttpResponse<String> echo = post(http, rest, "/PerfService/echo", "{\"message\":\"xxxxxxxxxx\"}");
      assertThat(echo.statusCode()).isEqualTo(200);
      assertThat(echo.headers().firstValue("content-type")).contains("application/json");
      assertThat(echo.body()).isEqualTo("\"xxxxxxxxxx\"");

      assertThat(post(http, rest, "/any/path", "[1,2,3]").body()).isEqualTo("[1,2,3]");
      HttpResponse<String> get = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + rest.port() + "/x"))
          .GET().build(), HttpResponse.BodyHandlers.ofString());
      assertThat(get.statusCode()).isEqualTo(405);
    }
  }

  @Test
  void disabled_servesNothing() {
    try (BaselineServers none = BaselineServers.start(AxleConfig.builder().put("baseline.enabled", false).build())) {
      assertThat(none.endpoints()).isEmpty();
    }
  }

  private static HttpResponse<String> post(HttpClient http, Endpoint rest, String path, String body) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + rest.port() + path))
        .header("content-type", "application/json").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static byte[] frame(String payload) {
    byte[] bytes = payload.getBytes(StandardCharsets.UTF_8);
    return ByteBuffer.allocate(4 + bytes.length).putInt(bytes.length).put(bytes).array();
  }

  private static String readFrame(DataInputStream in) throws Exception {
    byte[] payload = new byte[in.readInt()];
    in.readFully(payload);
    return new String(payload, StandardCharsets.UTF_8);
  }
}
