package io.axle.highway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.InvocationListener;
import io.axle.Role;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.testing.EchoService;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The time left to a call's deadline is written when the request goes out, not when it is encoded. */
class TimeoutStampTest {
  private static final OperationMeta ECHO = SchemaMeta.of("EchoService", EchoService.class).operation("echo");

  private static FrameHeader header(ByteBuf frame) {
    int headerLength = frame.getInt(frame.readerIndex() + 12);
    return FrameHeader.parse(frame.slice(frame.readerIndex() + Frames.FIXED_SIZE, headerLength));
  }

  @Test
  void aRequestThatWaited_sendsWhatIsLeftWhenItIsWritten() throws Exception {
    OperationCodec codec = new OperationCodec(ECHO);
    Invocation invocation = TestInvocations.of(Role.CONSUMER, ECHO, new Object[] {"hi"}, InvocationListener.NONE);
    invocation.deadlineNanos(System.nanoTime() + TimeUnit.SECONDS.toNanos(1));
    ByteBuf frame = codec.encodeRequest(ByteBufAllocator.DEFAULT, invocation, FrameLimits.maxFrameSize(1 << 20));
    try {
      assertThat(header(frame).timeoutMicros).as("not stamped yet").isZero();

      Thread.sleep(200);  // waiting for a connection, say
      codec.stampRequest(frame, 42, invocation, invocation.nowIfTimed());

      assertThat(frame.getLong(frame.readerIndex() + Frames.REQUEST_ID_OFFSET)).isEqualTo(42);
      assertThat(header(frame).timeoutMicros).as("what is left after the wait")
          .isPositive().isLessThanOrEqualTo(800_000);
    } finally {
      frame.release();
    }
  }

  @Test
  void theStamp_leavesTheContextAndTheBodyIntact() {
    OperationCodec codec = new OperationCodec(ECHO);
    Invocation invocation = TestInvocations.of(Role.CONSUMER, ECHO, new Object[] {"hi"}, InvocationListener.NONE);
    invocation.deadlineNanos(System.nanoTime() + TimeUnit.SECONDS.toNanos(5));
    invocation.context().put("tenant", "t1");
    ByteBuf frame = codec.encodeRequest(ByteBufAllocator.DEFAULT, invocation, FrameLimits.maxFrameSize(1 << 20));
    try {
      codec.stampRequest(frame, 9, invocation, invocation.nowIfTimed());

      FrameHeader header = header(frame);
      assertThat(header.timeoutMicros).isBetween(1L, 5_000_000L);
      assertThat(header.context).containsEntry("tenant", "t1");
      int headerLength = frame.getInt(frame.readerIndex() + 12);
      int bodyLength = frame.getInt(frame.readerIndex() + 16);
      assertThat(codec.decodeArguments(frame.slice(frame.readerIndex() + Frames.FIXED_SIZE + headerLength,
          bodyLength))).containsExactly("hi");
    } finally {
      frame.release();
    }
  }

  @Test
  void aTimeoutPastAYear_orPast2To63_meansNoDeadline_andATruncatedOneIsMalformed() {
    byte[] huge = {0x19, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF,
        (byte) 0xFF};
    assertThat(FrameHeader.parse(io.netty.buffer.Unpooled.wrappedBuffer(huge)).timeoutMicros).isZero();
    byte[] truncated = {0x19, 1, 2, 3};
    assertThat(org.assertj.core.api.Assertions.catchThrowable(
        () -> FrameHeader.parse(io.netty.buffer.Unpooled.wrappedBuffer(truncated))))
        .isInstanceOf(HighwayProtocolException.class).hasMessageContaining("field 3 runs past the header's end");
  }

  @Test
  void aCallWithoutDeadline_sendsNoTimeout() {
    OperationCodec codec = new OperationCodec(ECHO);
    Invocation invocation = TestInvocations.of(Role.CONSUMER, ECHO, new Object[] {"hi"}, InvocationListener.NONE);
    ByteBuf frame = codec.encodeRequest(ByteBufAllocator.DEFAULT, invocation, FrameLimits.maxFrameSize(1 << 20));
    try {
      codec.stampRequest(frame, 7, invocation, invocation.nowIfTimed());

      assertThat(header(frame).timeoutMicros).isZero();
      assertThat(header(frame).operation()).isEqualTo("echo");
    } finally {
      frame.release();
    }
  }

  @Test
  void anExpiredDeadline_stillSendsAPositiveBudget_whichTheProviderDrops() {
    OperationCodec codec = new OperationCodec(ECHO);
    Invocation invocation = TestInvocations.of(Role.CONSUMER, ECHO, new Object[] {"hi"}, InvocationListener.NONE);
    invocation.deadlineNanos(System.nanoTime() - 1);
    ByteBuf frame = codec.encodeRequest(ByteBufAllocator.DEFAULT, invocation, FrameLimits.maxFrameSize(1 << 20));
    try {
      codec.stampRequest(frame, 1, invocation, invocation.nowIfTimed());

      assertThat(header(frame).timeoutMicros).isEqualTo(1);
    } finally {
      frame.release();
    }
  }
}
