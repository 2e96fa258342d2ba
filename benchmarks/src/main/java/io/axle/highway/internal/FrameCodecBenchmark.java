package io.axle.highway.internal;

import io.axle.Response;
import io.axle.Role;
import io.axle.benchmarks.BenchService;
import io.axle.benchmarks.Payload;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.perf.PerfService;
import io.axle.perf.payload.Payloads;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.vertx.core.impl.buffer.VertxByteBufAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The highway frame codec, one frame per operation, called as the transport calls it: the consumer
 * encodes a request ({@link OperationCodec#encodeRequest}) and decodes the response frame ({@link
 * FrameDecoder}, {@link FrameHeader#parse}, {@link OperationCodec#decodeResponse}); the provider decodes the
 * request the same way and encodes the response. Buffers come from the allocator Vert.x gives highway's
 * channels, and each frame is released as the connection releases it, so {@code -prof gc} shows what a
 * call allocates on the heap.
 *
 * <p>In the transport's package (a split package on the class path) because {@link FrameDecoder#decode} is
 * protected; no package-info here, the transport's own describes the package.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FrameCodecBenchmark {
  private static final int MAX_FRAME_SIZE = 8 * 1024 * 1024;
  private static final long REQUEST_ID = 42;

  /**
   * {@code echo}: the perf demo's 10-byte string; {@code pojo1k}: a flat {@link Payload} of about 1 KB;
   * {@code order1k}: the perf demo's {@code payload: pojo-1k}, an order of nested lines (about 1 KB).
   */
  @Param({"echo", "pojo1k", "order1k"})
  public String payload;

  private final ByteBufAllocator alloc = VertxByteBufAllocator.POOLED_ALLOCATOR;
  private final FrameDecoder decoder = new FrameDecoder(FrameLimits.maxFrameSize(MAX_FRAME_SIZE));
  private final List<Object> frames = new ArrayList<>(1);
  private OperationCodec codec;
  private Invocation request;
  private Response response;
  private ByteBuf requestFrame;
  private ByteBuf responseFrame;

  @Setup(Level.Trial)
  public void setUp() {
    boolean echo = payload.equals("echo");
    boolean order = payload.equals("order1k");
    OperationMeta operation = order
        ? SchemaMeta.of(PerfService.SCHEMA_ID, PerfService.class).operation("echoOrder")
        : SchemaMeta.of(BenchService.SCHEMA_ID, BenchService.class).operation(echo ? "echo" : "roundTrip");
    Object value = echo ? BenchService.ECHO_MESSAGE : order ? Payloads.of(Payloads.POJO_1K) : Payload.sample();
    codec = new OperationCodecs().of(operation);
    request = TestInvocations.of(Role.CONSUMER, operation, new Object[] {value});
    // Calls carry a deadline (axle.request.timeout, 30 s by default), so the header has a timeout field, which
    // the connection stamps as it writes (stampRequest, not measured here); an hour keeps it in the future.
    request.deadlineNanos(System.nanoTime() + TimeUnit.HOURS.toNanos(1));
    response = Response.ok(value);
    requestFrame = codec.encodeRequest(alloc, request, FrameLimits.maxFrameSize(MAX_FRAME_SIZE));
    codec.stampRequest(requestFrame, REQUEST_ID, request, request.nowIfTimed());
    responseFrame = codec.encodeResponse(alloc, REQUEST_ID, response, MAX_FRAME_SIZE);
  }

  @TearDown(Level.Trial)
  public void tearDown() {
    requestFrame.release();
    responseFrame.release();
  }

  /** Consumer: arguments and header into a new request frame. */
  @Benchmark
  public int encodeRequest() {
    ByteBuf frame = codec.encodeRequest(alloc, request, FrameLimits.maxFrameSize(MAX_FRAME_SIZE));
    int size = frame.readableBytes();
    frame.release();
    return size;
  }

  /** Provider: a request frame cut from the stream, its header parsed and its arguments decoded. */
  @Benchmark
  public Object decodeRequest() {
    Frame frame = cut(requestFrame);
    try {
      FrameHeader header = FrameHeader.parse(frame.header());
      Object[] args = codec.decodeArguments(frame.body());
      return header.operationIndex < 0 ? null : args[0];
    } finally {
      frame.release();
    }
  }

  /** Provider: a result into a new response frame. */
  @Benchmark
  public int encodeResponse() {
    ByteBuf frame = codec.encodeResponse(alloc, REQUEST_ID, response, MAX_FRAME_SIZE);
    int size = frame.readableBytes();
    frame.release();
    return size;
  }

  /** Consumer: a response frame cut from the stream, its header parsed and its result decoded. */
  @Benchmark
  public Object decodeResponse() {
    Frame frame = cut(responseFrame);
    try {
      return codec.decodeResponse(FrameHeader.parse(frame.header()), frame.body()).result();
    } finally {
      frame.release();
    }
  }

  /** The one frame the decoder cuts from {@code stream}, read from its start again each time. */
  private Frame cut(ByteBuf stream) {
    stream.readerIndex(0);
    frames.clear();
    decoder.decode(null, stream, frames);
    return (Frame) frames.get(0);
  }

  /** The encoded size of each frame, for the smoke test: {@code [request, response]}. */
  int[] frameSizes() {
    return new int[] {requestFrame.readableBytes(), responseFrame.readableBytes()};
  }
}
