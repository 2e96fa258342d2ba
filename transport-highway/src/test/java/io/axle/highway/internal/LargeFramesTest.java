package io.axle.highway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Response;
import io.axle.Role;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.testing.EchoService;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * A frame with a large body is encoded into a pooled direct buffer of its own and written as it is;
 * smaller ones stay in the heap buffers their connection copies into one batch.
 */
class LargeFramesTest {
  private static final String LARGE = "ü".repeat(EncodeBuffers.LARGE_BODY / 2);
  private final OperationMeta echo = SchemaMeta.of("EchoService", EchoService.class).operation("echo");
  private final OperationCodec codec = new OperationCodec(echo);

  @Test
  void aLargeBody_isEncodedIntoADirectFrame_aSmallOneIntoTheGivenAllocatorsBuffer() {
    ByteBuf largeResponse = codec.encodeResponse(EncodeBuffers.heap(), 7, Response.ok(LARGE), 1 << 20);
    ByteBuf smallResponse = codec.encodeResponse(EncodeBuffers.heap(), 8, Response.ok("small"), 1 << 20);
    ByteBuf largeRequest = codec.encodeRequest(EncodeBuffers.heap(), call(LARGE), FrameLimits.maxFrameSize(1 << 20));
    ByteBuf smallRequest = codec.encodeRequest(EncodeBuffers.heap(), call("small"), FrameLimits.maxFrameSize(1 << 20));
    try {
      assertThat(largeResponse.isDirect()).as("large response").isTrue();
      assertThat(largeRequest.isDirect()).as("large request").isTrue();
      assertThat(smallResponse.isDirect()).as("small response").isFalse();
      assertThat(smallRequest.isDirect()).as("small request").isFalse();
      // Sized once: the frame was not grown past what it holds.
      assertThat(largeResponse.capacity() - largeResponse.readableBytes()).isLessThan(64);
      assertThat(decodeResponse(largeResponse.retainedDuplicate()).result()).isEqualTo(LARGE);
      Frame request = cut(largeRequest.retainedDuplicate());
      assertThat(codec.decodeArguments(request.body())).containsExactly(LARGE);
      request.release();
    } finally {
      largeResponse.release();
      smallResponse.release();
      largeRequest.release();
      smallRequest.release();
    }
  }

  @Test
  void aBodyOverTheMaximumFrameSize_isRefusedBeforeItIsCopied_asAnErrorFrame() {
    ByteBuf frame = codec.encodeResponse(EncodeBuffers.heap(), 9, Response.ok(LARGE), 1000);
    try {
      assertThat(frame.capacity()).as("no room was made for the body").isLessThan(EncodeBuffers.LARGE_BODY);
      Response answer = decodeResponse(frame.retain());
      assertThat(answer.isOk()).isFalse();
      assertThat(answer.error().getMessage()).contains("is over axle.highway.max-frame-size 1000");
    } finally {
      frame.release();
    }
  }

  @Test
  void aLargeDirectFrame_passesThroughTheBatch_inItsPlaceBetweenTheSmallOnes() {
    EmbeddedChannel channel = new EmbeddedChannel(new ChannelInboundHandlerAdapter());
    ChannelHandlerContext ctx = channel.pipeline().firstContext();
    WriteBatch batch = new WriteBatch();
    ByteBuf large = codec.encodeResponse(EncodeBuffers.heap(), 2, Response.ok(LARGE), 1 << 20);
    batch.append(ctx, codec.encodeResponse(EncodeBuffers.heap(), 1, Response.ok("one"), 1 << 20));
    batch.append(ctx, large);
    batch.append(ctx, codec.encodeResponse(EncodeBuffers.heap(), 3, Response.ok("three"), 1 << 20));
    batch.writeTo(ctx);
    channel.flush();

    List<ByteBuf> written = new ArrayList<>();
    for (ByteBuf buf = channel.readOutbound(); buf != null; buf = channel.readOutbound()) {
      written.add(buf);
    }
    assertThat(written).hasSize(3);
    assertThat(written.get(1)).as("the large frame, not a copy of it").isSameAs(large);
    EmbeddedChannel reader = new EmbeddedChannel(new FrameDecoder(FrameLimits.maxFrameSize(1 << 20)));
    written.forEach(reader::writeInbound);
    List<Object> results = new ArrayList<>();
    for (long id = 1; id <= 3; id++) {
      Frame frame = reader.readInbound();
      assertThat(frame.requestId()).isEqualTo(id);
      results.add(codec.decodeResponse(FrameHeader.parse(frame.header()), frame.body()).result());
      frame.release();
    }
    assertThat(results).containsExactly("one", LARGE, "three");
    reader.finishAndReleaseAll();
    channel.finishAndReleaseAll();
  }

  private Invocation call(String message) {
    return TestInvocations.of(Role.CONSUMER, echo, new Object[] {message});
  }

  /** Cuts {@code frame} (taking ownership of it) as a receiving connection would. */
  private static Frame cut(ByteBuf frame) {
    EmbeddedChannel reader = new EmbeddedChannel(new FrameDecoder(FrameLimits.maxFrameSize(1 << 20)));
    reader.writeInbound(frame);
    Frame cut = reader.readInbound();
    reader.finishAndReleaseAll();
    return cut;
  }

  private Response decodeResponse(ByteBuf frame) {
    Frame cut = cut(frame);
    try {
      return codec.decodeResponse(FrameHeader.parse(cut.header()), cut.body());
    } finally {
      cut.release();
    }
  }
}
