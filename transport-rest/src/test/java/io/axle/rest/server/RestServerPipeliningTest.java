package io.axle.rest.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoServiceImpl;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * HTTP/1.1 pipelining against the REST server, spoken on a bare socket so that the requests really are
 * written back to back before any answer is read: the requests of one connection run side by side on
 * the worker executor, and the answers still come back in request order, byte for byte what the server
 * answers to each request sent alone.
 */
class RestServerPipeliningTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private final List<AutoCloseable> toClose = new ArrayList<>();

  @AfterEach
  void closeAll() throws Exception {
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
  }

  private Axle provider(EchoServiceImpl impl, Map<String, ?> extra) {
    Axle provider = runtimes.provider("rest", impl, extra);
    toClose.add(provider);
    return provider;
  }

  private Connection connect(Axle provider) throws IOException {
    Connection connection = new Connection(provider.endpoint("rest").orElseThrow().port());
    toClose.add(connection);
    return connection;
  }

  private static String post(String path, String json) {
    byte[] body = json.getBytes(StandardCharsets.UTF_8);
    return "POST " + path + " HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: "
        + body.length + "\r\n\r\n" + json;
  }

  private static String get(String path) {
    return "GET " + path + " HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n";
  }

  @Test
  void pipelinedRequests_runSideBySideOnTheWorkers_andAreAnsweredInOrder() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    Connection connection = connect(provider(impl, Map.of()));

    connection.write(post("/EchoService/block", "{\"message\":\"first\"}")
        + post("/EchoService/block", "{\"message\":\"second\"}")
        + post("/EchoService/echo", "{\"message\":\"third\"}"));

    // One at a time, the second would not start before the first is answered, and the first waits for the test.
    awaitBlocked(impl, 2);
    impl.release();
    assertThat(connection.read(3)).extracting(Answer::status, Answer::body)
        .containsExactly(tuple(200, "\"first\""), tuple(200, "\"second\""), tuple(200, "\"third\""));
  }

  @Test
  void aRequestForVertxBehindASlowTakenOne_waitsItsTurn_andEverythingComesBackInOrder() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    Connection connection = connect(provider(impl, Map.of()));

    // echo goes to Vert.x, block is taken here and stays running, nowhere must wait until Vert.x's echo is
    // written, and the echo behind it waits with it.
    connection.write(post("/EchoService/echo", "{\"message\":\"a\"}")
        + post("/EchoService/block", "{\"message\":\"b\"}")
        + post("/EchoService/nowhere", "{}")
        + post("/EchoService/echo", "{\"message\":\"c\"}"));
    impl.awaitBlocked();
    // Time for Vert.x to answer the 404 ahead of its turn, so that its answer is held behind block's.
    Thread.sleep(200);
    impl.release();

    List<Answer> answers = connection.read(4);
    assertThat(answers).extracting(Answer::status).containsExactly(200, 200, 404, 200);
    assertThat(List.of(answers.get(0), answers.get(1), answers.get(3))).extracting(Answer::body)
        .containsExactly("\"a\"", "\"b\"", "\"c\"");
  }

  @Test
  void pipelinedAnswers_areByteForByteTheAnswersToEachRequestSentAlone() throws Exception {
    Axle provider = provider(new EchoServiceImpl(), Map.of());
    // Served here and by Vert.x in turn: direct routes, the router's own errors, a void answer, failures.
    List<String> requests = List.of(
        post("/EchoService/echo", "{\"message\":\"a\"}"),
        post("/EchoService/add", "{\"a\":2,\"b\":3}"),
        post("/EchoService/fireAndForget", "{\"message\":\"f\"}"),
        post("/EchoService/fail", "{\"message\":\"refused\"}"),
        post("/EchoService/echo", "{\"message\":"),
        post("/EchoService/nowhere", "{}"),
        get("/EchoService/echo"),
        post("/EchoService/echo?x=1", "{\"message\":\"q\"}"),
        post("/EchoService/echo", "{\"message\":\"last\"}"));
    List<Answer> alone = new ArrayList<>();
    Connection oneByOne = connect(provider);
    for (String request : requests) {
      oneByOne.write(request);
      alone.add(oneByOne.read(1).get(0));
    }

    Connection pipelined = connect(provider);
    pipelined.write(String.join("", requests));

    assertThat(pipelined.read(requests.size())).containsExactlyElementsOf(alone);
    assertThat(alone).extracting(Answer::status).containsExactly(200, 200, 204, 500, 400, 404, 405, 200, 200);
  }

  @Test
  void behindASlowTakenCall_theServerStopsReading_ratherThanAnsweringAheadIntoMemory() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    Connection connection = connect(provider(impl, Map.of()));
    connection.write(post("/EchoService/echo", "{\"message\":\"a\"}")
        + post("/EchoService/block", "{\"message\":\"b\"}"));
    impl.awaitBlocked();

    // 8 MB of requests only Vert.x serves (404s), each quick: answered ahead of block's, they would pile up.
    String notFound = post("/EchoService/nowhere", "{}");
    byte[] flood = notFound.repeat(8 * 1024 * 1024 / notFound.length()).getBytes(StandardCharsets.UTF_8);
    CompletableFuture<Void> written = CompletableFuture.runAsync(() -> {
      try {
        connection.out.write(flood);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });

    Thread.sleep(1000);
    assertThat(written).as("the server read no further than a socket buffer's worth").isNotDone();
    impl.release();
    assertThat(connection.read(3)).extracting(Answer::status).containsExactly(200, 200, 404);
  }

  @Test
  void pipeliningLimitOne_servesAConnectionsRequestsOneAfterAnother() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    Connection connection = connect(provider(impl, Map.of("axle.rest.server.pipelining-limit", 1)));

    connection.write(post("/EchoService/block", "{\"message\":\"first\"}")
        + post("/EchoService/block", "{\"message\":\"second\"}"));

    impl.awaitBlocked();
    Thread.sleep(300);
    assertThat(impl.blockedCount()).as("calls started before the first was answered").isEqualTo(1);
    impl.release();
    assertThat(connection.read(2)).extracting(Answer::body).containsExactly("\"first\"", "\"second\"");
  }

  @Test
  void aGracefulStop_answersThePipelinedRequestsAlreadyRunning_beforeItCloses() throws Exception {
    EchoServiceImpl impl = new EchoServiceImpl();
    Axle provider = provider(impl, Map.of());
    Connection connection = connect(provider);
    connection.write(post("/EchoService/block", "{\"message\":\"first\"}")
        + post("/EchoService/block", "{\"message\":\"second\"}"));
    awaitBlocked(impl, 2);

    CompletableFuture<Void> stopped = CompletableFuture.runAsync(provider::close);
    Thread.sleep(200);
    impl.release();

    assertThat(connection.read(2)).extracting(Answer::status, Answer::body)
        .containsExactly(tuple(200, "\"first\""), tuple(200, "\"second\""));
    stopped.get(30, TimeUnit.SECONDS);
    assertThat(connection.atEnd()).as("closed after the answers").isTrue();
  }

  private static org.assertj.core.groups.Tuple tuple(Object... values) {
    return org.assertj.core.groups.Tuple.tuple(values);
  }

  private static void awaitBlocked(EchoServiceImpl impl, int calls) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (impl.blockedCount() < calls) {
      if (System.nanoTime() > deadline) {
        throw new AssertionError(impl.blockedCount() + " calls running at once (expected: " + calls + ")");
      }
      Thread.sleep(10);
    }
  }

  /** One answer as read off the socket: status, headers in order (names lower-cased), body. */
  record Answer(int status, List<String> headers, String body) {
  }

  /** A bare HTTP/1.1 connection: writes what it is given, reads whole answers framed by Content-Length. */
  private static final class Connection implements AutoCloseable {
    private final Socket socket;
    private final InputStream in;
    final OutputStream out;

    Connection(int port) throws IOException {
      socket = new Socket("127.0.0.1", port);
      socket.setSoTimeout(20_000);
      in = socket.getInputStream();
      out = socket.getOutputStream();
    }

    void write(String requests) throws IOException {
      out.write(requests.getBytes(StandardCharsets.UTF_8));
      out.flush();
    }

    List<Answer> read(int count) throws IOException {
      List<Answer> answers = new ArrayList<>();
      for (int i = 0; i < count; i++) {
        String head = readHead();
        String[] lines = head.split("\r\n");
        int status = Integer.parseInt(lines[0].split(" ")[1]);
        List<String> headers = new ArrayList<>();
        int length = 0;
        for (int j = 1; j < lines.length; j++) {
          String line = lines[j].toLowerCase(Locale.ROOT);
          headers.add(line);
          if (line.startsWith("content-length:")) {
            length = Integer.parseInt(line.substring("content-length:".length()).trim());
          }
        }
        answers.add(new Answer(status, headers, new String(in.readNBytes(length), StandardCharsets.UTF_8)));
      }
      return answers;
    }

    private String readHead() throws IOException {
      ByteArrayOutputStream head = new ByteArrayOutputStream();
      int matched = 0;
      while (matched < 4) {
        int b = in.read();
        if (b < 0) {
          throw new IOException("the connection closed mid-answer after: " + head);
        }
        head.write(b);
        matched = (b == (matched % 2 == 0 ? '\r' : '\n')) ? matched + 1 : (b == '\r' ? 1 : 0);
      }
      String text = head.toString(StandardCharsets.ISO_8859_1);
      return text.substring(0, text.length() - 4);
    }

    boolean atEnd() throws IOException {
      return in.read() < 0;
    }

    @Override
    public void close() throws IOException {
      socket.close();
    }
  }
}
