package io.axle.highway;

import static io.axle.highway.RawFrames.GOAWAY;
import static io.axle.highway.RawFrames.MAGIC;
import static io.axle.highway.RawFrames.REQUEST;
import static io.axle.highway.RawFrames.RESPONSE;
import static io.axle.highway.RawFrames.VERSION;
import static io.axle.highway.RawFrames.WIRE_FIXED32;
import static io.axle.highway.RawFrames.WIRE_FIXED64;
import static io.axle.highway.RawFrames.WIRE_LENGTH_DELIMITED;
import static io.axle.highway.RawFrames.bytes;
import static io.axle.highway.RawFrames.bytesField;
import static io.axle.highway.RawFrames.concat;
import static io.axle.highway.RawFrames.echoRequest;
import static io.axle.highway.RawFrames.fixedHeader;
import static io.axle.highway.RawFrames.frame;
import static io.axle.highway.RawFrames.request;
import static io.axle.highway.RawFrames.requestHeader;
import static io.axle.highway.RawFrames.stringField;
import static io.axle.highway.RawFrames.tag;
import static io.axle.highway.RawFrames.varint;
import static io.axle.highway.RawFrames.varintField;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Status;
import io.axle.highway.RawFrames.Received;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.LogCapture;
import io.axle.testing.Pojo;
import io.axle.testing.Runtimes;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A highway server facing peers that break the protocol: each test talks raw bytes over a plain
 * socket, checks what the server does to that connection, and checks that a well-behaved raw
 * client and a real consumer on the same (single) server event loop are not affected.
 *
 * <p>Timeouts only turn hangs into failures; nothing here measures speed.
 */
class HighwayMalformedInputTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  /** How long a read may block before the test calls it a hang. */
  private static final int TIMEOUT_MS = 5_000;
  /** The provider's axle.highway.max-frame-size: the default, 8 MiB. */
  private static final int MAX_FRAME_SIZE = 8 * 1024 * 1024;
  /** The provider's axle.highway.max-header-size: the default, 64 KiB. */
  private static final int MAX_HEADER_SIZE = 64 * 1024;

  private static final EchoServiceImpl impl = new EchoServiceImpl();
  private static final LogCapture log = new LogCapture();
  private static Axle provider;
  private static Axle consumer;
  private static EchoService echo;
  private static int port;

  private static final AtomicLong ids = new AtomicLong(1_000_000);
  private final List<Socket> sockets = new ArrayList<>();
  /** A raw client that speaks the protocol correctly, connected before each test misbehaves. */
  private Socket good;

  @BeforeAll
  static void start() {
    log.install();
    provider = runtimes.provider("highway", impl, Map.of());
    // A hang shows up as DEADLINE_EXCEEDED after 10 s rather than the default 30 s.
    consumer = runtimes.consumer(provider, "highway", Map.of("axle.request.timeout", "10s"));
    echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
    port = provider.endpoint("highway").orElseThrow().port();
    assertThat(provider.config().get(HighwayConfigKeys.MAX_FRAME_SIZE)).isEqualTo(MAX_FRAME_SIZE);
  }

  @AfterAll
  static void stop() {
    try {
      if (consumer != null) {
        consumer.stop();
      }
      if (provider != null) {
        provider.stop();
      }
    } finally {
      log.uninstall();
    }
  }

  @BeforeEach
  void connectGoodClient() throws IOException {
    good = connect();
    assertEchoes(good, ids.incrementAndGet(), "before");
  }

  @AfterEach
  void closeSockets() {
    for (Socket socket : sockets) {
      try {
        socket.close();
      } catch (IOException ignored) {
        // closing anyway
      }
    }
  }

  // ---- the example of docs/protocol.md, byte for byte ------------------------------------------

  @Test
  void theSpecificationsExample_isAnsweredByteForByte() throws Exception {
    // The example's request with schema "EchoService" (as long as "PerfService").
    byte[] request = concat(
        hex("a7 1e 02 01  00 00 00 00 00 00 00 01  00 00 00 1c  00 00 00 04"),
        hex("0a 0b"), "EchoService".getBytes(StandardCharsets.US_ASCII), hex("12 04"),
        "echo".getBytes(StandardCharsets.US_ASCII), hex("19 80 c3 c9 01 00 00 00 00"),
        hex("0a 02"), "hi".getBytes(StandardCharsets.US_ASCII));
    // The timeout as Axle writes it: a fixed64, little-endian (30,000,000 µs = 0x01C9C380).
    assertThat(request).isEqualTo(concat(
        fixedHeader(MAGIC, VERSION, REQUEST, 1, 28, 4),
        requestHeader("EchoService", "echo"), hex("19"), littleEndian(30_000_000L), stringField(1, "hi")));

    Socket socket = connect();
    write(socket, request);
    byte[] expected = concat(
        hex("a7 1e 02 02  00 00 00 00 00 00 00 01  00 00 00 00  00 00 00 04"),
        hex("0a 02"), "hi".getBytes(StandardCharsets.US_ASCII));
    byte[] answer = socket.getInputStream().readNBytes(expected.length);
    assertThat(answer).isEqualTo(expected);
  }

  private static byte[] littleEndian(long value) {
    return java.nio.ByteBuffer.allocate(8).order(java.nio.ByteOrder.LITTLE_ENDIAN).putLong(value).array();
  }

  private static byte[] hex(String text) {
    String[] parts = text.trim().split("\\s+");
    byte[] out = new byte[parts.length];
    for (int i = 0; i < parts.length; i++) {
      out[i] = (byte) Integer.parseInt(parts[i], 16);
    }
    return out;
  }

  // ---- 1. random bytes ------------------------------------------------------------------------

  @ParameterizedTest(name = "seed {0}")
  @ValueSource(longs = {1, 42, 20240229})
  void randomBytes_closeThatConnection_othersKeepWorking(long seed) throws Exception {
    byte[] junk = new byte[64];
    new Random(seed).nextBytes(junk);
    if ((junk[0] & 0xFF) == 0xA7 && (junk[1] & 0xFF) == 0x1E) {
      junk[0] = 0x00;
    }
    Socket bad = connect();
    // Fewer bytes than a fixed header: the server has nothing to judge yet and must wait.
    bad.getOutputStream().write(junk, 0, 10);
    bad.getOutputStream().flush();
    assertOthersWork("while a connection holds 10 garbage bytes");

    bad.getOutputStream().write(junk, 10, junk.length - 10);
    bad.getOutputStream().flush();
    assertClosedByServer(bad, "64 random bytes");
    assertOthersWork("after a connection sent random bytes");
  }

  @Test
  void anHttpRequest_closesTheConnection() throws Exception {
    Socket bad = connect();
    write(bad, "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
    assertClosedByServer(bad, "an HTTP request");
    assertOthersWork("after an HTTP request on the highway port");
  }

  // ---- 2. wrong magic -------------------------------------------------------------------------

  @ParameterizedTest(name = "magic 0x{0}")
  @ValueSource(strings = {"1234", "1EA7", "0000", "A71F", "FFFF"})
  void wrongMagic_closesTheConnection(String magicHex) throws Exception {
    int magic = Integer.parseInt(magicHex, 16);
    Socket bad = connect();
    write(bad, frame(magic, VERSION, REQUEST, 7, requestHeader("EchoService", "echo"), stringField(1, "x")));
    assertClosedByServer(bad, "magic 0x" + magicHex);
    assertOthersWork("after a frame with magic 0x" + magicHex);
  }

  @Test
  void wrongMagic_theServerLogsWhy() throws Exception {
    int mark = log.mark();
    Socket bad = connect();
    write(bad, frame(0x1234, VERSION, REQUEST, 7, requestHeader("EchoService", "echo"), stringField(1, "x")));
    assertClosedByServer(bad, "magic 0x1234");
    // The server logs before it closes, on the thread that closes: the line is there by now.
    assertThat(log.since(mark))
        .as("the server's log")
        .contains("closing the connection from")
        .contains("wrong magic 0x1234 (expected: 0xA71E)");
  }

  // ---- 3. unsupported version -----------------------------------------------------------------

  @ParameterizedTest(name = "version {0}")
  @ValueSource(ints = {9, 0, 1, 255})
  void unsupportedVersion_closesTheConnection(int version) throws Exception {
    int mark = log.mark();
    Socket bad = connect();
    write(bad, frame(MAGIC, version, REQUEST, 7, requestHeader("EchoService", "echo"), stringField(1, "x")));
    assertClosedByServer(bad, "version " + version);
    assertOthersWork("after a frame of version " + version);
    assertThat(log.since(mark)).contains("unsupported protocol version " + version + " (expected: 2)");
  }

  // ---- 4. oversized lengths -------------------------------------------------------------------

  static Stream<Arguments> oversizedLengths() {
    return Stream.of(
        Arguments.of(0, 0x7FFFFFF0),
        Arguments.of(0x7FFFFFF0, 0),
        Arguments.of(0x7FFFFFF0, 0x7FFFFFF0),
        // Both lengths negative if read as signed ints.
        Arguments.of(0xFFFFFFFF, 0xFFFFFFFF),
        Arguments.of(0x80000000, 0),
        // One byte over the maximum, in the header or in the body.
        Arguments.of(MAX_FRAME_SIZE - RawFrames.FIXED_SIZE + 1, 0),
        Arguments.of(0, MAX_FRAME_SIZE - RawFrames.FIXED_SIZE + 1),
        Arguments.of(MAX_FRAME_SIZE / 2, MAX_FRAME_SIZE / 2));
  }

  @ParameterizedTest(name = "header length {0}, body length {1}")
  @MethodSource("oversizedLengths")
  void oversizedLengths_closeAtOnceWithoutWaitingForTheBody(int headerLength, int bodyLength) throws Exception {
    int mark = log.mark();
    Socket bad = connect();
    // Only the fixed header: a server that waited for the rest would hang here, not close.
    write(bad, fixedHeader(MAGIC, VERSION, REQUEST, 7, headerLength, bodyLength));
    assertClosedByServer(bad, "a fixed header announcing " + Integer.toUnsignedString(headerLength) + " + "
        + Integer.toUnsignedString(bodyLength) + " bytes");
    assertOthersWork("after an oversized frame");
    // The header section's own limit (axle.highway.max-header-size, 64 KiB) is judged first.
    long header = Integer.toUnsignedLong(headerLength);
    assertThat(log.since(mark)).contains(header > MAX_HEADER_SIZE
        ? "header section of " + header + " bytes is over the maximum of " + MAX_HEADER_SIZE
        : "is over the maximum of " + MAX_FRAME_SIZE);
  }

  @Test
  void aFrameOfExactlyTheMaximumSize_isServed() throws Exception {
    byte[] header = requestHeader("EchoService", "echo");
    // body = tag (1 byte) + length varint (4 bytes for a length in [2^21, 2^28)) + the string
    int stringLength = MAX_FRAME_SIZE - RawFrames.FIXED_SIZE - header.length - 1 - 4;
    String message = "x".repeat(stringLength);
    byte[] request = frame(REQUEST, 77, header, stringField(1, message));
    assertThat(request).hasSize(MAX_FRAME_SIZE);

    write(good, request);
    Received response = RawFrames.read(good.getInputStream());
    assertThat(response.requestId()).isEqualTo(77);
    assertThat(response.status()).as("status of %s", response).isZero();
    assertThat(response.stringResult()).isEqualTo(message);
  }

  // ---- 5. truncated frames --------------------------------------------------------------------

  @Test
  void headerThatIsTruncatedProtobuf_closesTheConnection() throws Exception {
    // Field 1, length-delimited, declaring 200 bytes, inside a header of 50 bytes.
    byte[] header = new byte[50];
    Arrays.fill(header, (byte) 'a');
    header[0] = 0x0A;
    header[1] = (byte) 0xC8;
    header[2] = 0x01;
    int mark = log.mark();
    Socket bad = connect();
    write(bad, concat(fixedHeader(MAGIC, VERSION, REQUEST, 7, 50, 0), header));
    assertClosedByServer(bad, "a header with a field running past its end");
    assertOthersWork("after a truncated header");
    assertThat(log.since(mark)).contains("malformed header: field 1 declares 200 bytes");
  }

  static Stream<Arguments> malformedHeaders() {
    byte[] elevenContinuationBytes = new byte[11];
    Arrays.fill(elevenContinuationBytes, (byte) 0xFF);
    return Stream.of(
        Arguments.of("a tag and nothing else", bytes(0x0A)),
        Arguments.of("a varint of 11 bytes", elevenContinuationBytes),
        Arguments.of("schemaId as a varint", concat(tag(1, 0), varint(1))),
        Arguments.of("an unknown field of wire type 3", concat(tag(15, 3), varint(0))),
        Arguments.of("an unknown field of wire type 7", concat(tag(15, 7), varint(0))),
        Arguments.of("a context value without a key", concat(requestHeader("EchoService", "echo"), stringField(7, "v"))),
        Arguments.of("an unknown length-delimited field past the end", concat(tag(20, WIRE_LENGTH_DELIMITED),
            varint(100), bytes(1, 2, 3))),
        Arguments.of("an unknown fixed64 field past the end", concat(tag(20, WIRE_FIXED64), bytes(1, 2, 3))),
        Arguments.of("an unknown fixed32 field past the end", concat(tag(20, WIRE_FIXED32), bytes(1))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("malformedHeaders")
  void malformedHeader_closesTheConnection(String what, byte[] header) throws Exception {
    Socket bad = connect();
    write(bad, frame(REQUEST, 7, header, stringField(1, "x")));
    assertClosedByServer(bad, "a header with " + what);
    assertOthersWork("after a header with " + what);
  }

  @ParameterizedTest(name = "{0} bytes, then end of stream")
  @ValueSource(ints = {1, 10, 19, 20, 30})
  void halfAFrameThenEndOfStream_theServerClosesItsSideToo(int sent) throws Exception {
    byte[] whole = echoRequest(7, "half");
    assertThat(whole.length).isGreaterThan(sent);
    Socket bad = connect();
    write(bad, Arrays.copyOf(whole, sent));
    bad.shutdownOutput();
    assertClosedByServer(bad, sent + " bytes of a frame and then end of stream");
    assertOthersWork("after a connection ended in the middle of a frame");
  }

  // ---- 6. a body that does not decode: an answer, not a broken connection -----------------------

  static Stream<Arguments> garbageBodies() {
    byte[] overlongVarint = new byte[12];
    Arrays.fill(overlongVarint, (byte) 0xFF);
    overlongVarint[0] = 0x08;
    return Stream.of(
        Arguments.of("field 1 length-delimited, truncated length", bytes(0x0A, 0xFF)),
        Arguments.of("field 1 varint, truncated", bytes(0x08, 0x80)),
        Arguments.of("field 1 varint over 10 bytes", overlongVarint),
        Arguments.of("an unknown field 3 with wire type 7", bytes(0x08, 0x01, 0x1F, 0x01)),
        Arguments.of("field 2 length-delimited, past the end", bytes(0x12, 0x10, 0x01)));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("garbageBodies")
  void garbageBody_answersBadRequest_andTheConnectionStaysUsable(String what, byte[] body) throws Exception {
    Socket socket = connect();
    write(socket, request(4242, "EchoService", "add", body));
    Received response = RawFrames.read(socket.getInputStream());
    assertResponseFrame(response, 4242);
    assertThat(response.status()).as("status of %s", response).isEqualTo(1); // BAD_REQUEST
    assertThat(response.message()).contains("EchoService.add");
    assertThat(response.body()).isEmpty();

    assertEchoes(socket, 4243, "still here");
    assertOthersWork("after a request with a garbage body");
  }

  @ParameterizedTest(name = "length sent in {0} bytes")
  @ValueSource(ints = {5, 10})
  void aStringDeclaringNearlyTwoGibibytes_answersBadRequest_withoutAllocatingThem(int lengthBytes) throws Exception {
    // Found by HighwayFuzzTest#arguments: after three bytes, the string field again, its length 2^31 - 1,
    // in five bytes or in ten (the upper five dropped, as for a negative int). protostuff's own bounds
    // check overflows there, and it allocated the declared size (an OutOfMemoryError on the
    // provider); BodyInput refuses it first.
    byte[] length = lengthBytes == 5 ? varint(Integer.MAX_VALUE) : bytes(0xff, 0xff, 0xff, 0xff, 0xf7, 0xff, 0xff, 0xff,
        0xff, 0x01);
    byte[] body = concat(stringField(1, "x"), tag(1, WIRE_LENGTH_DELIMITED), length);
    Socket socket = connect();
    write(socket, request(4300, "EchoService", "echo", body));
    Received response = RawFrames.read(socket.getInputStream());
    assertResponseFrame(response, 4300);
    assertThat(response.status()).as("status of %s", response).isEqualTo(1); // BAD_REQUEST
    assertThat(response.message()).contains("cannot decode the arguments of EchoService.echo")
        .contains("a field declares 2147483647 bytes but only 0 remain in its message");
    assertEchoes(socket, 4301, "still usable");
  }

  @Test
  void anUnknownEnumConstant_answersBadRequest_andTheProviderLogsIt() throws Exception {
    int mark = log.mark();
    Socket socket = connect();
    write(socket, request(777, "EchoService", "next", stringField(1, "PURPLE")));
    Received response = RawFrames.read(socket.getInputStream());
    assertResponseFrame(response, 777);
    assertThat(response.status()).as("status of %s", response).isEqualTo(1); // BAD_REQUEST
    assertThat(response.message()).contains("EchoService.next").contains("\"PURPLE\" is not a constant of Color")
        .contains("[RED, GREEN, BLUE]");

    assertThat(log.since(mark)).contains("EchoService.next from highway://127.0.0.1:")
        .contains("over highway: BAD_REQUEST cannot decode the arguments of EchoService.next");
    assertEchoes(socket, 778, "still usable");
  }

  @Test
  void aBodyNestedTooDeeplyToDecode_answersBadRequest_andTheConnectionStaysUsable() throws Exception {
    // roundTrip(Pojo): argument 1 is a Pojo whose field 5 (child) is a Pojo whose child is ...
    // 200,000 levels deep: under 1 MiB, far below the maximum frame size, but deeper than any
    // recursive decoder's stack.
    byte[] body = nestedPojos(200_000);
    assertThat(body.length).isLessThan(MAX_FRAME_SIZE / 2);
    Socket socket = connect();
    write(socket, request(555, "EchoService", "roundTrip", body));
    Received response = RawFrames.read(socket.getInputStream());
    assertResponseFrame(response, 555);
    assertThat(response.status()).as("status of %s", response).isEqualTo(1); // BAD_REQUEST
    assertThat(response.message()).contains("EchoService.roundTrip");

    assertEchoes(socket, 556, "still usable");
    assertOthersWork("after a request nested too deeply");
  }

  /**
   * Every nesting depth gets an answer on a connection that stays open: the value round-trips,
   * or its decoding fails as BAD_REQUEST, or the encoding of the result fails as INTERNAL_ERROR.
   * Depths around the stack's limit are where decoding (on the event loop) still succeeds and
   * encoding the result (on an executor thread) overflows.
   */
  @Test
  void everyNestingDepth_isAnsweredOnAConnectionThatStaysOpen() throws Exception {
    Socket socket = connect();
    List<Integer> depths = new ArrayList<>();
    for (int depth = 500; depth <= 6000; depth += 100) {
      depths.add(depth);
    }
    depths.addAll(List.of(10_000, 50_000));
    for (int depth : depths) {
      write(socket, request(depth, "EchoService", "roundTrip", nestedPojos(depth)));
      Received response;
      try {
        response = RawFrames.read(socket.getInputStream());
      } catch (IOException e) {
        throw new AssertionError("no answer to a roundTrip of " + depth + " nested Pojos: " + e, e);
      }
      assertResponseFrame(response, depth);
      assertThat(response.status()).as("status of %s for depth %d", response, depth).isIn(0L, 1L, 7L);
      if (response.status() != 0) {
        assertThat(response.message()).contains("EchoService.roundTrip");
      }
    }
    assertEchoes(socket, 1, "still usable");
    assertOthersWork("after deeply nested requests");
  }

  /** The same through the real consumer: each call ends with its value or a status, never a broken connection. */
  @Test
  void consumerCallsWithDeepValues_failOneCallAtATime() {
    for (int depth = 250; depth <= 6000; depth += 250) {
      Pojo root = new Pojo("level 0", 0);
      Pojo last = root;
      for (int level = 1; level <= depth; level++) {
        last.child = new Pojo("level " + level, level);
        last = last.child;
      }
      try {
        Pojo back = echo.roundTrip(root);
        int levels = 0;
        for (Pojo p = back.child; p != null; p = p.child) {
          assertThat(p.id).isEqualTo(++levels);
        }
        assertThat(levels).as("levels returned for depth %d", depth).isEqualTo(depth);
      } catch (AxleException e) {
        assertThat(e.status()).as("status for depth %d: %s", depth, e.getMessage())
            .isIn(Status.BAD_REQUEST, Status.INTERNAL_ERROR);
        assertThat(e.getMessage()).contains("EchoService.roundTrip").contains("nested too deeply");
      } catch (StackOverflowError e) {
        throw new AssertionError("a roundTrip of " + depth + " nested Pojos threw StackOverflowError at the caller", e);
      }
    }
    assertThat(echo.echo("after deep values")).isEqualTo("after deep values");
  }

  /** Body field 1 holding {@code depth} Pojo messages nested through their field 5. */
  private static byte[] nestedPojos(int depth) {
    long[] contentSize = new long[depth + 1]; // contentSize[k]: a Pojo with k levels below it
    for (int k = 1; k <= depth; k++) {
      contentSize[k] = 1 + varint(contentSize[k - 1]).length + contentSize[k - 1];
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream((int) contentSize[depth] + 8);
    out.writeBytes(tag(1, WIRE_LENGTH_DELIMITED));
    out.writeBytes(varint(contentSize[depth]));
    for (int k = depth; k >= 1; k--) {
      out.writeBytes(tag(5, WIRE_LENGTH_DELIMITED));
      out.writeBytes(varint(contentSize[k - 1]));
    }
    return out.toByteArray();
  }

  @Test
  void unknownFieldsInHeaderAndBody_areSkipped() throws Exception {
    byte[] header = concat(
        varintField(20, 12345),
        requestHeader("EchoService", "echo"),
        concat(tag(21, WIRE_FIXED64), bytes(1, 2, 3, 4, 5, 6, 7, 8)),
        concat(tag(22, WIRE_FIXED32), bytes(1, 2, 3, 4)),
        bytesField(23, bytes(9, 9, 9)),
        varintField(3, 30_000_000), // a timeout of 30 s
        stringField(6, "trace-id"), stringField(7, "abc"));
    byte[] body = concat(stringField(1, "skip the rest"), varintField(9, 1), bytesField(10, bytes(1, 2)));
    write(good, frame(REQUEST, 31, header, body));
    Received response = RawFrames.read(good.getInputStream());
    assertResponseFrame(response, 31);
    assertThat(response.status()).as("status of %s", response).isZero();
    assertThat(response.stringResult()).isEqualTo("skip the rest");
  }

  // ---- 7. unknown operation -------------------------------------------------------------------

  @Test
  void unknownOperation_answersNotFound_andTheConnectionStaysUsable() throws Exception {
    Socket socket = connect();
    write(socket, request(99, "EchoService", "nope", new byte[0]));
    Received response = RawFrames.read(socket.getInputStream());
    assertResponseFrame(response, 99);
    assertThat(response.status()).as("status of %s", response).isEqualTo(2); // NOT_FOUND
    assertThat(response.message()).contains("EchoService.nope");

    write(socket, request(100, "NoSuchSchema", "echo", stringField(1, "x")));
    response = RawFrames.read(socket.getInputStream());
    assertResponseFrame(response, 100);
    assertThat(response.status()).as("status of %s", response).isEqualTo(2);
    assertThat(response.message()).contains("NoSuchSchema.echo");

    // No schema id and no operation at all: a bad request that says which fields are missing.
    write(socket, frame(REQUEST, 101, new byte[0], new byte[0]));
    response = RawFrames.read(socket.getInputStream());
    assertResponseFrame(response, 101);
    assertThat(response.status()).as("status of %s", response).isEqualTo(1);
    assertThat(response.message()).contains("schema id (field 1)").contains("operation (field 2)");

    assertEchoes(socket, 102, "still usable");
    assertOthersWork("after requests for unknown operations");
  }

  // ---- 8. frame types a client must not send ----------------------------------------------------

  static Stream<Arguments> clientFrameTypes() {
    return Stream.of(
        Arguments.of("RESPONSE", frame(RESPONSE, 5, new byte[0], stringField(1, "x"))),
        Arguments.of("RESPONSE with an error status", frame(RESPONSE, 5, concat(varintField(4, 1),
            stringField(5, "boom")), new byte[0])),
        Arguments.of("GOAWAY", frame(GOAWAY, 0, new byte[0], new byte[0])),
        Arguments.of("type 0", frame(0, 5, requestHeader("EchoService", "echo"), stringField(1, "x"))),
        Arguments.of("type 4", frame(4, 5, requestHeader("EchoService", "echo"), stringField(1, "x"))),
        Arguments.of("type 255", frame(255, 5, requestHeader("EchoService", "echo"), stringField(1, "x"))));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("clientFrameTypes")
  void aFrameTypeOtherThanRequest_closesTheConnection(String what, byte[] frame) throws Exception {
    Socket bad = connect();
    write(bad, frame);
    assertClosedByServer(bad, "a " + what + " frame from a client");
    assertOthersWork("after a client sent a " + what + " frame");
  }

  // ---- 9. pipelining and framing across reads ---------------------------------------------------

  @Test
  void twoHundredRequestsInOneWrite_eachIsAnsweredOnceWithItsOwnMessage() throws Exception {
    Socket socket = connect();
    ByteArrayOutputStream all = new ByteArrayOutputStream();
    for (int id = 1; id <= 200; id++) {
      all.writeBytes(echoRequest(id, "message " + id));
    }
    write(socket, all.toByteArray());

    Map<Long, String> answers = new HashMap<>();
    for (int i = 0; i < 200; i++) {
      Received response = RawFrames.read(socket.getInputStream());
      assertThat(response.type()).isEqualTo(RESPONSE);
      assertThat(response.status()).as("status of %s", response).isZero();
      String previous = answers.put(response.requestId(), response.stringResult());
      assertThat(previous).as("a second answer for id %d", response.requestId()).isNull();
    }
    for (long id = 1; id <= 200; id++) {
      assertThat(answers).containsEntry(id, "message " + id);
    }
    // Nothing more for 1..200: the next frame to arrive answers the next request.
    write(socket, echoRequest(201, "last"));
    Received last = RawFrames.read(socket.getInputStream());
    assertThat(last.requestId()).isEqualTo(201);
    assertThat(last.stringResult()).isEqualTo("last");
  }

  @Test
  void framesArrivingOneByteAtATime_areDecoded() throws Exception {
    Socket socket = connect();
    byte[] frames = concat(echoRequest(1, "one"), echoRequest(2, "two"), echoRequest(3, "three"));
    OutputStream out = socket.getOutputStream();
    for (byte b : frames) {
      out.write(b);
      out.flush();
    }
    Map<Long, String> answers = new HashMap<>();
    for (int i = 0; i < 3; i++) {
      Received response = RawFrames.read(socket.getInputStream());
      assertThat(response.status()).as("status of %s", response).isZero();
      answers.put(response.requestId(), response.stringResult());
    }
    assertThat(answers).isEqualTo(Map.of(1L, "one", 2L, "two", 3L, "three"));
  }

  @ParameterizedTest(name = "id {0}")
  @ValueSource(longs = {0, -1, Long.MIN_VALUE, Long.MAX_VALUE, 0x0102030405060708L})
  void anyRequestId_isEchoedBackUnchanged(long id) throws Exception {
    assertEchoes(good, id, "id " + id);
  }

  // ---- helpers ----------------------------------------------------------------------------------

  private Socket connect() throws IOException {
    Socket socket = new Socket();
    sockets.add(socket);
    socket.setSoTimeout(TIMEOUT_MS);
    socket.setTcpNoDelay(true);
    socket.connect(new InetSocketAddress("127.0.0.1", port), TIMEOUT_MS);
    return socket;
  }

  private static void write(Socket socket, byte[] bytes) throws IOException {
    socket.getOutputStream().write(bytes);
    socket.getOutputStream().flush();
  }

  /**
   * The server must end the connection: end of stream, or a reset (it may close with our bytes
   * still unread). Any bytes it sends first are read past; no end within the timeout fails.
   */
  private static void assertClosedByServer(Socket socket, String after) {
    byte[] buffer = new byte[4096];
    long received = 0;
    try {
      InputStream in = socket.getInputStream();
      while (true) {
        int n = in.read(buffer);
        if (n < 0) {
          return;
        }
        received += n;
        if (received > 1 << 20) {
          fail("after " + after + " the server kept sending (" + received + " bytes) instead of closing");
        }
      }
    } catch (SocketTimeoutException e) {
      fail("after " + after + " the server kept the connection open for " + TIMEOUT_MS + " ms (received "
          + received + " bytes)");
    } catch (SocketException e) {
      // Connection reset: closed too.
    } catch (IOException e) {
      fail("after " + after + ": unexpected " + e);
    }
  }

  private static void assertResponseFrame(Received response, long requestId) {
    assertThat(response.magic()).isEqualTo(MAGIC);
    assertThat(response.version()).isEqualTo(VERSION);
    assertThat(response.type()).as("frame type of %s", response).isEqualTo(RESPONSE);
    assertThat(response.requestId()).isEqualTo(requestId);
  }

  private static void assertEchoes(Socket socket, long requestId, String message) throws IOException {
    write(socket, echoRequest(requestId, message));
    Received response = RawFrames.read(socket.getInputStream());
    assertResponseFrame(response, requestId);
    assertThat(response.status()).as("status of %s", response).isZero();
    assertThat(response.message()).isNull();
    assertThat(response.stringResult()).isEqualTo(message);
  }

  /** The raw client connected before the test, and the real consumer, both still get answers. */
  private void assertOthersWork(String when) throws IOException {
    String message = "good client " + when;
    assertEchoes(good, ids.incrementAndGet(), message);
    assertThat(echo.echo("consumer " + when)).isEqualTo("consumer " + when);
    assertThat(echo.add(40, 2)).isEqualTo(42);
  }
}
