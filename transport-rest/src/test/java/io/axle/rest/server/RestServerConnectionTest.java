package io.axle.rest.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoServiceImpl;
import io.vertx.core.Vertx;
import io.vertx.core.http.Http2Settings;
import io.vertx.core.http.HttpClientAgent;
import io.vertx.core.http.HttpClientConnection;
import io.vertx.core.http.HttpClientOptions;
import io.vertx.core.http.HttpClientResponse;
import io.vertx.core.http.HttpConnectOptions;
import io.vertx.core.http.HttpMethod;
import io.vertx.core.http.HttpVersion;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** HTTP/2 over cleartext, a stalled client cut off by the idle timeout, graceful stop, listening. */
class RestServerConnectionTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void h2cUpgrade_servesOverHttp2() throws Exception {
    try (Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of());
        Http http = new Http(provider, HttpClient.Version.HTTP_2)) {
      // The JDK client offers "Upgrade: h2c" on its first request to an http:// URI.
      HttpResponse<String> first = http.post("/EchoService/echo", "{\"message\":\"upgraded\"}");
      assertThat(Http.ok(first).asString()).isEqualTo("upgraded");
      assertThat(first.version()).isEqualTo(HttpClient.Version.HTTP_2);
      // Later calls share the HTTP/2 connection as streams.
      HttpResponse<String> second = http.post("/EchoService/add", "{\"a\":1,\"b\":2}");
      assertThat(Http.ok(second).asInt()).isEqualTo(3);
      assertThat(second.version()).isEqualTo(HttpClient.Version.HTTP_2);
    }
  }

  @Test
  void http11_keepsTheConnectionAlive() throws Exception {
    try (Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of());
        Socket socket = new Socket("127.0.0.1", provider.endpoint("rest").orElseThrow().port())) {
      socket.setSoTimeout(20_000);
      for (int i = 0; i < 3; i++) {
        String response = echo(socket, "m" + i);
        assertThat(response).startsWith("HTTP/1.1 200 OK").endsWith("\"m" + i + "\"");
      }
    }
  }

  @Test
  void connectionsPastTheMaximum_areClosedAtOnce_andTheOthersAreServed() throws Exception {
    try (Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of("axle.rest.server.max-connections", 2))) {
      int port = provider.endpoint("rest").orElseThrow().port();
      try (Socket first = new Socket("127.0.0.1", port); Socket second = new Socket("127.0.0.1", port)) {
        first.setSoTimeout(20_000);
        second.setSoTimeout(20_000);
        assertThat(echo(first, "first")).startsWith("HTTP/1.1 200 OK").endsWith("\"first\"");
        assertThat(echo(second, "second")).startsWith("HTTP/1.1 200 OK");
        try (Socket third = new Socket("127.0.0.1", port)) {
          third.setSoTimeout(20_000);
          // Vert.x makes the HTTP connection, and so Axle counts it, once its first bytes tell HTTP/1.1
          // from h2c; a connection that sends nothing is left to the idle timeout.
          sendEcho(third, "third");
          int read;
          try {
            read = third.getInputStream().read();
          } catch (java.net.SocketException reset) {
            read = -1;
          }
          assertThat(read).as("the third connection is closed without an answer").isEqualTo(-1);
        }
        // The two admitted connections are still served.
        assertThat(echo(first, "again")).startsWith("HTTP/1.1 200 OK").endsWith("\"again\"");
      }
      // Their places free again once they close.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      String answer = null;
      while (answer == null && System.nanoTime() < deadline) {
        try (Socket later = new Socket("127.0.0.1", port)) {
          later.setSoTimeout(20_000);
          answer = echo(later, "later");
        } catch (java.io.IOException closedStill) {
          Thread.sleep(20);
        }
      }
      assertThat(answer).startsWith("HTTP/1.1 200 OK");
    }
  }

  @Test
  void headerSectionPastTheMaximum_isAnswered431_onHttp11AndHttp2() throws Exception {
    String big = "x".repeat(9000);
    try (Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of());
        Socket socket = new Socket("127.0.0.1", provider.endpoint("rest").orElseThrow().port())) {
      socket.setSoTimeout(20_000);
      sendEchoWithHeader(socket, big);
      assertThat(readResponse(socket.getInputStream())).startsWith("HTTP/1.1 431");
      // Vert.x's HTTP/1.1 parser cannot go on after a refused header section: it closes the connection.
      assertThat(socket.getInputStream().read()).as("the HTTP/1.1 connection after the 431").isEqualTo(-1);
      assertThat(h2Post(provider, big)).as("over HTTP/2").isEqualTo(431);
    }
    // Raised, the same header is served.
    try (Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of("axle.rest.server.max-header-size", 16384));
        Socket socket = new Socket("127.0.0.1", provider.endpoint("rest").orElseThrow().port())) {
      socket.setSoTimeout(20_000);
      sendEchoWithHeader(socket, big);
      assertThat(readResponse(socket.getInputStream())).startsWith("HTTP/1.1 200 OK").endsWith("\"big\"");
      assertThat(h2Post(provider, big)).isEqualTo(200);
    }
  }

  @Test
  void http2_announcesTheConfiguredStreamLimit() throws Exception {
    Vertx vertx = Vertx.vertx();
    try (Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of("axle.rest.server.max-concurrent-streams", 7))) {
      HttpClientAgent client = vertx.createHttpClient(new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2)
          .setHttp2ClearTextUpgrade(false));
      HttpClientConnection connection = client.connect(new HttpConnectOptions().setHost("127.0.0.1")
          .setPort(provider.endpoint("rest").orElseThrow().port())).await(20, TimeUnit.SECONDS);
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      // The server's SETTINGS frame arrives just after the connection is made.
      while (!Long.valueOf(7).equals(connection.remoteSettings().get(Http2Settings.MAX_CONCURRENT_STREAMS))
          && System.nanoTime() < deadline) {
        Thread.sleep(10);
      }
      assertThat(connection.remoteSettings().get(Http2Settings.MAX_CONCURRENT_STREAMS)).isEqualTo(7L);
    } finally {
      vertx.close().await(20, TimeUnit.SECONDS);
    }
  }

  /** An HTTP/1.1 echo of "big" whose request carries an {@code x-big} header. */
  private static void sendEchoWithHeader(Socket socket, String bigHeader) throws java.io.IOException {
    String body = "{\"message\":\"big\"}";
    socket.getOutputStream().write(("POST /EchoService/echo HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
        + "x-big: " + bigHeader + "\r\ncontent-length: " + body.length() + "\r\n\r\n" + body)
        .getBytes(StandardCharsets.US_ASCII));
  }

  /** The status of one HTTP/2 (prior knowledge) echo call whose request carries an {@code x-big} header. */
  private static int h2Post(Axle provider, String bigHeader) throws Exception {
    Vertx vertx = Vertx.vertx();
    try {
      HttpClientAgent client = vertx.createHttpClient(new HttpClientOptions().setProtocolVersion(HttpVersion.HTTP_2)
          .setHttp2ClearTextUpgrade(false));
      return client.request(HttpMethod.POST, provider.endpoint("rest").orElseThrow().port(), "127.0.0.1",
              "/EchoService/echo")
          .compose(request -> request.putHeader("x-big", bigHeader).putHeader("content-type", "application/json")
              .send("{\"message\":\"big\"}"))
          .map(HttpClientResponse::statusCode)
          .await(20, TimeUnit.SECONDS);
    } finally {
      vertx.close().await(20, TimeUnit.SECONDS);
    }
  }

  private static String echo(Socket socket, String message) throws java.io.IOException {
    sendEcho(socket, message);
    return readResponse(socket.getInputStream());
  }

  private static void sendEcho(Socket socket, String message) throws java.io.IOException {
    String body = "{\"message\":\"" + message + "\"}";
    socket.getOutputStream().write(("POST /EchoService/echo HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
        + "content-length: " + body.length() + "\r\n\r\n" + body).getBytes(StandardCharsets.US_ASCII));
  }

  @Test
  void stalledRequest_isCutOffByTheIdleTimeout_whileOthersAreServed() throws Exception {
    try (Axle provider = runtimes.provider("rest", new EchoServiceImpl(), Map.of("axle.rest.server.idle-timeout", "1s"));
        Http http = new Http(provider);
        Socket stalled = new Socket("127.0.0.1", provider.endpoint("rest").orElseThrow().port())) {
      stalled.setSoTimeout(20_000);
      OutputStream out = stalled.getOutputStream();
      out.write(("POST /EchoService/echo HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\n"
          + "content-length: 100\r\n\r\n{\"message\"").getBytes(StandardCharsets.US_ASCII));
      out.flush();
      long start = System.nanoTime();
      // The only server event loop is not held by the stalled request.
      assertThat(Http.ok(http.post("/EchoService/echo", "{\"message\":\"meanwhile\"}")).asString())
          .isEqualTo("meanwhile");
      InputStream in = stalled.getInputStream();
      assertThat(in.read()).as("the server closes the stalled connection without answering").isEqualTo(-1);
      assertThat(TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start))
          .as("closed by the idle timeout, not at once").isGreaterThanOrEqualTo(500);
    }
  }

  @Test
  void stop_letsTheCallInFlightFinish() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    Axle provider = runtimes.provider("rest", impl, Map.of());
    int port = provider.endpoint("rest").orElseThrow().port();
    try (Http http = new Http(provider)) {
      CompletableFuture<HttpResponse<String>> inFlight = http.sendAsync(http.request("POST", "/EchoService/block",
          "{\"message\":\"finish me\"}"));
      impl.awaitBlocked();
      CompletableFuture<Void> stopped = CompletableFuture.runAsync(() -> provider.stop(Duration.ofSeconds(20)));
      awaitRefused(port);
      assertThat(stopped).as("stop waits for the call in flight").isNotDone();
      impl.release();
      HttpResponse<String> response = inFlight.get(20, TimeUnit.SECONDS);
      assertThat(Http.ok(response).asString()).isEqualTo("finish me");
      stopped.get(20, TimeUnit.SECONDS);
    } finally {
      impl.release();
      provider.close();
    }
  }

  @Test
  void severalServerLoops_shareOnePort() throws Exception {
    try (Axle provider = runtimes.provider("rest", new EchoServiceImpl(),
        Map.of("axle.rest.server.thread-count", 3, "axle.executors.default", "inline"))) {
      int port = provider.endpoint("rest").orElseThrow().port();
      Set<String> loops = new HashSet<>();
      // Each client has its own connection; Vert.x hands new connections to the servers in turn.
      for (int i = 0; i < 6; i++) {
        try (Http http = new Http(provider)) {
          loops.add(Http.ok(http.post("/EchoService/threadInfo", null)).asString());
        }
      }
      assertThat(loops).hasSize(3).allMatch(loop -> loop.startsWith("eventloop:"));
      assertThat(port).isPositive();
    }
  }

  @Test
  void busyPort_failsStartUpNamingTheKey() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 50, java.net.InetAddress.getByName("127.0.0.1"))) {
      String address = "127.0.0.1:" + taken.getLocalPort();
      assertThatThrownBy(() -> runtimes.provider("rest", new EchoServiceImpl(), Map.of("axle.rest.address", address)))
          .hasMessageContaining("rest cannot listen on " + address + ": ")
          .hasMessageEndingWith("(expected: a free port in axle.rest.address)")
          // Who holds it, where /proc tells (Linux); elsewhere the message goes without.
          .satisfies(failure -> {
            if (java.nio.file.Files.isReadable(java.nio.file.Path.of("/proc/net/tcp"))) {
              assertThat(failure.getMessage()).contains("; the port is held by this process (pid "
                  + ProcessHandle.current().pid() + ")");
            }
          });
    }
  }

  /** Waits until the server stops accepting: stop has begun. */
  private static void awaitRefused(int port) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      try (Socket probe = new Socket("127.0.0.1", port)) {
        assertThat(probe.isConnected()).isTrue();
        Thread.sleep(10);
      } catch (java.io.IOException refused) {
        return;
      }
    }
    throw new AssertionError("the server still accepted connections 20 s after stop began");
  }

  /** Reads one HTTP/1.1 response with a content-length body. */
  private static String readResponse(InputStream in) throws java.io.IOException {
    StringBuilder head = new StringBuilder();
    while (!head.toString().endsWith("\r\n\r\n")) {
      int b = in.read();
      if (b < 0) {
        throw new java.io.EOFException("closed after " + head);
      }
      head.append((char) b);
    }
    int length = 0;
    for (String line : head.toString().split("\r\n")) {
      if (line.toLowerCase().startsWith("content-length:")) {
        length = Integer.parseInt(line.substring(15).trim());
      }
    }
    return head + new String(in.readNBytes(length), StandardCharsets.UTF_8);
  }
}
