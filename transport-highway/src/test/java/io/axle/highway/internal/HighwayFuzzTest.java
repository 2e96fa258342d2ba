package io.axle.highway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.axle.AxleException;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.testing.EchoService;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.DecoderException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Tag;

/**
 * Fuzz targets for what a highway peer controls: the byte stream cut into frames, the header
 * section, and the protostuff body of each operation's arguments. Whatever the bytes, each either
 * decodes into something within the limits or fails with the protocol's own error (which closes
 * that connection) or a {@code BAD_REQUEST} (which answers that call); nothing else escapes, and
 * nothing hangs.
 *
 * <p>{@code ./mvnw verify} runs each target over its checked-in inputs
 * ({@code src/test/resources/io/axle/highway/internal/HighwayFuzzTestInputs/<target>/}) and once
 * empty. To fuzz one for a while (docs/security.md, "Fuzzing"):
 * {@code JAZZER_FUZZ=1 ./mvnw -pl transport-highway test -Dtest=HighwayFuzzTest#frames -Djazzer.max_duration=5m}.
 */
@Tag("slow")
class HighwayFuzzTest {
  private static final FrameLimits LIMITS = new FrameLimits(64 * 1024, 4096, 8);
  private static final SchemaMeta ECHO = SchemaMeta.of("EchoService", EchoService.class);
  private static final List<OperationCodec> CODECS = List.of(codec("echo"), codec("add"), codec("roundTrip"),
      codec("next"), codec("reverse"), codec("delayedEcho"));

  @FuzzTest(maxDuration = "5m")
  void frames(byte[] data) {
    List<Frame> frames = new ArrayList<>();
    EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(LIMITS), new ChannelInboundHandlerAdapter() {
      @Override
      public void channelRead(ChannelHandlerContext ctx, Object msg) {
        frames.add((Frame) msg);
      }
    });
    // In pieces, as a socket delivers them: the decoder must keep its place across reads.
    int split = data.length == 0 ? 0 : Math.floorMod(data[0], data.length + 1);
    onlyProtocolErrors(() -> channel.writeInbound(Unpooled.wrappedBuffer(data, 0, split)));
    if (channel.isOpen()) {
      onlyProtocolErrors(() -> channel.writeInbound(Unpooled.wrappedBuffer(data, split, data.length - split)));
    }
    // The end of the stream: a frame left half-received is a protocol error too.
    onlyProtocolErrors(channel::finishAndReleaseAll);
    for (Frame frame : frames) {
      assertThat(Frames.FIXED_SIZE + frame.header().readableBytes() + frame.body().readableBytes())
          .isLessThanOrEqualTo(LIMITS.maxFrameSize());
      assertThat(frame.header().readableBytes()).isLessThanOrEqualTo(LIMITS.maxHeaderSize());
      frame.release();
    }
  }

  /** Runs {@code step}, which may fail only with the protocol's own error, as the decoder reports it. */
  private static void onlyProtocolErrors(Runnable step) {
    try {
      step.run();
    } catch (DecoderException e) {
      assertThat(e.getCause()).as("what a bad stream fails with").isInstanceOf(HighwayProtocolException.class);
    }
  }

  @FuzzTest(maxDuration = "5m")
  void headers(byte[] data) {
    try {
      FrameHeader header = FrameHeader.parse(Unpooled.wrappedBuffer(data), LIMITS.maxContextEntries());
      assertThat(header.context == null ? 0 : header.context.size()).isLessThanOrEqualTo(LIMITS.maxContextEntries());
      assertThat(header.contextEntries).isGreaterThanOrEqualTo(header.context == null ? 0 : header.context.size());
      // What a provider reads of a request header must be readable.
      header.schemaId();
      header.operation();
    } catch (HighwayProtocolException expected) {
      assertThat(expected.getMessage()).startsWith("malformed header");
    }
  }

  @FuzzTest(maxDuration = "5m")
  void arguments(FuzzedDataProvider data) {
    OperationCodec codec = CODECS.get(data.consumeInt(0, CODECS.size() - 1));
    byte[] body = data.consumeRemainingAsBytes();
    try {
      Object[] args = codec.decodeArguments(Unpooled.wrappedBuffer(body));
      assertThat(args).hasSize(codec.operation().parameterCount());
    } catch (AxleException e) {
      assertThat(e.status()).isEqualTo(Status.BAD_REQUEST);
      assertThat(e.getMessage()).startsWith("cannot decode the arguments of " + codec.operation().qualifiedName());
    }
  }

  private static OperationCodec codec(String operation) {
    OperationMeta meta = ECHO.operation(operation);
    return new OperationCodec(meta);
  }
}
