package io.axle.highway;

import static io.axle.highway.RawFrames.REQUEST;
import static io.axle.highway.RawFrames.GOAWAY;
import static io.axle.highway.RawFrames.RESPONSE;
import static io.axle.highway.RawFrames.concat;
import static io.axle.highway.RawFrames.echoRequest;
import static io.axle.highway.RawFrames.fixedHeader;
import static io.axle.highway.RawFrames.frame;
import static io.axle.highway.RawFrames.requestHeader;
import static io.axle.highway.RawFrames.stringField;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Filter;
import io.axle.Status;
import io.axle.highway.RawFrames.Received;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.LogCapture;
import io.axle.testing.Runtimes;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The three attacks of issue 17 on a highway server, each beside a well-behaved consumer on the
 * same server event loop: a connection that pipelines requests and never reads its answers, a
 * header section too large to parse, and connections that never send a byte. The abuser is paused
 * or closed; the consumer sees every call answered within {@link #CALL_TIMEOUT}, the bound
 * docs/security.md gives, with no error.
 *
 * <p>Timeouts only turn hangs into failures; nothing here measures speed.
 */
class HighwayLimitsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  /** The well-behaved consumer's timeout: a call stalled longer than this fails the test. */
  private static final String CALL_TIMEOUT = "2s";
  private static final int READ_TIMEOUT_MS = 20_000;

  private final EchoServiceImpl impl = new EchoServiceImpl();
  private final LogCapture log = new LogCapture();
  private final List<AutoCloseable> toClose = new ArrayList<>();
  private final AtomicLong ids = new AtomicLong();
  private Axle provider;
  private EchoService echo;

  @AfterEach
  void stop() throws Exception {
    impl.release();
    for (int i = toClose.size() - 1; i >= 0; i--) {
      toClose.get(i).close();
    }
    log.uninstall();
  }

  private void start(Map<String, Object> providerKeys) {
    log.install();
    provider = runtimes.provider("highway", impl, providerKeys);
    toClose.add(provider::stop);
    Axle consumer = runtimes.consumer(provider, "highway", Map.of("axle.request.timeout", CALL_TIMEOUT));
    toClose.add(consumer::stop);
    echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    assertThat(echo.echo("first")).isEqualTo("first");
  }

  /** Another consumer of the provider, whose calls pass through {@code filter} first. */
  private EchoService consumerWith(Filter filter) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", "test-consumer");
    entries.put("axle.registry.local." + Runtimes.SERVICE,
        "highway://127.0.0.1:" + provider.endpoint("highway").orElseThrow().port());
    entries.put("axle.references.transport", "highway");
    entries.put("axle.highway.client.thread-count", 1);
    Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(entries)).consumerFilter(filter));
    toClose.add(consumer::stop);
    return consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
  }

  // ---- one connection cannot starve the others ----------------------------------------------------

  @Test
  void aConnectionOverItsConcurrencyLimit_isNotReadUntilItsCallsComplete_andLosesNothing() throws Exception {
    // One server loop feeds one group of 32 threads: without the limit, 32 of the abuser's calls would
    // hold every thread and the other 68 would wait in the queue, ahead of everyone else's.
    start(Map.of("axle.highway.server.max-concurrent-per-connection", 10,
        "axle.executor.default.thread-per-group", 32));
    Socket abuser = connect();
    OutputStream out = abuser.getOutputStream();
    ByteArrayOutputStream burst = new ByteArrayOutputStream();
    for (int i = 1; i <= 100; i++) {
      burst.write(RawFrames.request(i, "EchoService", "block", RawFrames.stringField(1, "b" + i)));
    }
    out.write(burst.toByteArray());
    out.flush();

    awaitBlocked(10);
    // The well-behaved consumer is served meanwhile, from the threads the abuser could not take.
    for (int i = 0; i < 50; i++) {
      assertThat(echo.echo("good" + i)).isEqualTo("good" + i);
    }
    assertThat(impl.blockedCount()).as("calls of the abusive connection running at once").isEqualTo(10);

    impl.release();
    Set<Long> answered = new HashSet<>();
    InputStream in = abuser.getInputStream();
    for (int i = 0; i < 100; i++) {
      Received answer = RawFrames.read(in);
      assertThat(answer.type()).isEqualTo(RESPONSE);
      assertThat(answer.status()).as("answer %s", answer).isEqualTo(0L);
      answered.add(answer.requestId());
    }
    assertThat(answered).as("every request of the paused connection answered once").hasSize(100);
    assertThat(impl.blockedCount()).isEqualTo(100);
  }

  @Test
  void aConnectionThatNeverReadsItsAnswers_isPausedThenClosed_whileTheConsumerIsServed() throws Exception {
    start(Map.of("axle.highway.server.max-unread-bytes", 64 * 1024, "axle.highway.server.unread-timeout", "1s",
        "axle.executors.default", "inline"));
    Socket abuser = new Socket();
    abuser.setReceiveBufferSize(4096);
    abuser.connect(new java.net.InetSocketAddress("127.0.0.1", port()));
    toClose.add(abuser);
    CompletableFuture<IOException> cutOff = CompletableFuture.supplyAsync(() -> {
      byte[] request = echoRequest(1, "x".repeat(1000));
      try {
        OutputStream out = abuser.getOutputStream();
        while (true) {
          out.write(request);
        }
      } catch (IOException e) {
        return e;
      }
    }, command -> Thread.ofPlatform().daemon().start(command));

    int served = 0;
    long giveUp = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READ_TIMEOUT_MS);
    while (!cutOff.isDone() && System.nanoTime() < giveUp) {
      assertThat(echo.echo("good" + served)).isEqualTo("good" + served);
      served++;
    }
    assertThat(served).as("calls the consumer made while the abuser wrote").isPositive();
    assertThat(cutOff.get(READ_TIMEOUT_MS, TimeUnit.MILLISECONDS)).as("the abuser's writes end in an error")
        .isInstanceOf(IOException.class);
    assertThat(log.text()).contains("its peer left more than axle.highway.server.max-unread-bytes (65536 bytes) of "
        + "answers unread for 1000 ms (axle.highway.server.unread-timeout)");
    assertThat(echo.echo("after")).isEqualTo("after");
  }

  // ---- a huge header is refused before it is buffered -----------------------------------------------

  @Test
  void aHeaderSectionOverTheLimit_closesOnlyItsConnection_fromTheFixedHeader() throws Exception {
    start(Map.of());
    Socket abuser = connect();
    // Only the fixed header: 2,000,000 header bytes announced, none sent. The server does not wait for them.
    abuser.getOutputStream().write(fixedHeader(RawFrames.MAGIC, RawFrames.VERSION, REQUEST, 1, 2_000_000, 0));
    abuser.getOutputStream().flush();
    assertClosed(abuser);
    assertThat(log.text()).contains("header section of 2000000 bytes is over the maximum of 65536",
        "axle.highway.max-header-size");
    assertThat(echo.echo("after")).isEqualTo("after");
  }

  @Test
  void tooManyContextEntries_isABadRequest_andTheConnectionStays() throws Exception {
    start(Map.of("axle.highway.max-context-entries", 8));
    Socket client = connect();
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    header.write(requestHeader("EchoService", "echo"));
    for (int i = 0; i < 9; i++) {
      header.write(concat(stringField(6, "k" + i), stringField(7, "v")));
    }
    client.getOutputStream().write(frame(REQUEST, 7, header.toByteArray(), stringField(1, "too many")));
    client.getOutputStream().write(echoRequest(8, "fine"));
    Received refused = RawFrames.read(client.getInputStream());
    assertThat(refused.requestId()).isEqualTo(7);
    assertThat(refused.status()).isEqualTo((long) Status.BAD_REQUEST.wireCode());
    assertThat(refused.message()).contains("carries 9 context entries (expected: <= 8, "
        + "axle.highway.max-context-entries on the provider)");
    Received fine = RawFrames.read(client.getInputStream());
    assertThat(fine.requestId()).isEqualTo(8);
    assertThat(fine.status()).isEqualTo(0L);
  }

  @Test
  void aCallOverTheLimits_failsAtTheConsumer_beforeItIsSent() {
    Filter manyEntries = (call, next) -> {
      for (int i = 0; i < 200; i++) {
        call.context().put("key" + i, "value");
      }
      return next.proceed(call);
    };
    start(Map.of());
    EchoService crowded = consumerWith(manyEntries);
    assertThatThrownBy(() -> crowded.echo("x")).isInstanceOfSatisfying(AxleException.class, e -> {
      assertThat(e.status()).isEqualTo(Status.BAD_REQUEST);
      assertThat(e.getMessage()).contains("EchoService.echo was not sent: its context has 200 entries "
          + "(expected: <= 128, axle.highway.max-context-entries)");
    });
    Filter bigEntry = (call, next) -> {
      call.context().put("big", "v".repeat(70_000));
      return next.proceed(call);
    };
    EchoService big = consumerWith(bigEntry);
    assertThatThrownBy(() -> big.echo("x")).isInstanceOfSatisfying(AxleException.class, e -> {
      assertThat(e.status()).isEqualTo(Status.BAD_REQUEST);
      assertThat(e.getMessage()).contains("was not sent: its header section", "(expected: <= 65536, "
          + "axle.highway.max-header-size)");
    });
    assertThat(echo.echo("unaffected")).isEqualTo("unaffected");
  }

  // ---- connections that send nothing do not live forever, nor beyond a number --------------------

  @Test
  void idleConnections_getGoAwayThenAreClosed_andConnectionsPastTheMaximumAreClosedAtOnce() throws Exception {
    start(Map.of("axle.highway.server.idle-timeout", "300ms", "axle.highway.server.max-connections", 20));
    AtomicBoolean calling = new AtomicBoolean(true);
    // The consumer keeps its one connection busy, so it is neither idle nor refused.
    CompletableFuture<Integer> consumer = CompletableFuture.supplyAsync(() -> {
      int calls = 0;
      while (calling.get()) {
        assertThat(echo.echo("busy")).isEqualTo("busy");
        calls++;
        sleep(20);
      }
      return calls;
    }, command -> Thread.ofPlatform().daemon().start(command));

    List<Socket> silent = new ArrayList<>();
    for (int i = 0; i < 30; i++) {
      silent.add(connect());
    }
    int goAwayThenClosed = 0;
    int closedAtOnce = 0;
    for (Socket socket : silent) {
      InputStream in = socket.getInputStream();
      try {
        Received first = RawFrames.read(in);
        assertThat(first.type()).as("the first frame an idle connection gets").isEqualTo(GOAWAY);
        assertThat(in.read()).as("then the server closes it").isEqualTo(-1);
        goAwayThenClosed++;
      } catch (EOFException | SocketException closed) {
        closedAtOnce++;
      }
    }
    calling.set(false);
    assertThat(consumer.get(READ_TIMEOUT_MS, TimeUnit.MILLISECONDS)).isPositive();
    assertThat(closedAtOnce).as("connections past axle.highway.server.max-connections (20, the consumer's among them)")
        .isEqualTo(11);
    assertThat(goAwayThenClosed).as("idle connections: GOAWAY, then closed").isEqualTo(19);
    assertThat(log.text()).contains("closed a new connection from", "axle.highway.server.max-connections: 20");
    // Their places are free again.
    Socket later = connect();
    later.getOutputStream().write(echoRequest(1, "later"));
    assertThat(RawFrames.read(later.getInputStream()).status()).isEqualTo(0L);
  }

  // ---- helpers ---------------------------------------------------------------------------------------

  private int port() {
    return provider.endpoint("highway").orElseThrow().port();
  }

  private Socket connect() throws IOException {
    Socket socket = new Socket("127.0.0.1", port());
    socket.setSoTimeout(READ_TIMEOUT_MS);
    toClose.add(socket);
    return socket;
  }

  private void awaitBlocked(int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(READ_TIMEOUT_MS);
    while (impl.blockedCount() < count && System.nanoTime() < deadline) {
      Thread.sleep(5);
    }
    assertThat(impl.blockedCount()).isEqualTo(count);
  }

  private static void assertClosed(Socket socket) throws IOException {
    try {
      assertThat(socket.getInputStream().read()).as("the server closed the connection").isEqualTo(-1);
    } catch (SocketException reset) {
      // Closed with unread bytes on the server's side: a reset is a close too.
    }
  }

  private static void sleep(long millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
