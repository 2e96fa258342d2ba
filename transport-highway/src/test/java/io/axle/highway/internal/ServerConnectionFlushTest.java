package io.axle.highway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Response;
import io.axle.Role;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.executor.AxleExecutors;
import io.axle.internal.FilterChains;
import io.axle.internal.MethodInvoker;
import io.axle.internal.ServedOperation;
import io.axle.internal.TestInvocations;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.WriteCounter;
import io.axle.transport.ProviderOperation;
import io.axle.transport.ProviderOperations;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Responses made during one read burst leave in one buffer and one flush, not one per response. */
class ServerConnectionFlushTest {
  private final OperationMeta echo = SchemaMeta.of("EchoService", EchoService.class).operation("echo");
  private final OperationCodec codec = new OperationCodec(echo);

  @Test
  void aResponseThatCannotBeSent_leavesNothingOfItselfInTheBatch_andBecomesAnErrorFrame() {
    // Requests up to 1 MiB come in; responses over 300 bytes may not go out.
    EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(FrameLimits.maxFrameSize(1 << 20)), connection(300));
    channel.writeInbound(burst("first", "x".repeat(1000), "third"));

    ByteBuf responses = channel.readOutbound();
    assertThat((Object) channel.readOutbound()).isNull();
    List<Response> answers = answers(responses, 3);
    assertThat(answers.get(0).result()).isEqualTo("first");
    assertThat(answers.get(1).isOk()).isFalse();
    assertThat(answers.get(1).error().getMessage()).contains("is over axle.highway.max-frame-size 300");
    assertThat(answers.get(2).result()).isEqualTo("third");
    channel.finishAndReleaseAll();
  }

  @Test
  void aBurstOfPipelinedRequests_isAnsweredWithOneFlush() {
    WriteCounter counter = new WriteCounter();
    AtomicInteger flushes = counter.flushes;
    AtomicInteger writes = counter.writes;
    EmbeddedChannel channel = new EmbeddedChannel(counter, new FrameDecoder(FrameLimits.maxFrameSize(1 << 20)),
        connection(1 << 20));
    String[] messages = new String[50];
    for (int i = 0; i < messages.length; i++) {
      messages[i] = "m" + (i + 1);
    }
    channel.writeInbound(burst(messages));

    assertThat(writes.get()).as("buffers written for 50 responses made in one read burst").isEqualTo(1);
    assertThat(flushes.get()).as("flushes for 50 responses made in one read burst").isEqualTo(1);
    List<Response> answers = answers(channel.readOutbound(), 50);
    for (int i = 0; i < 50; i++) {
      assertThat(answers.get(i).result()).isEqualTo(messages[i]);
    }
    channel.finishAndReleaseAll();
  }

  /** A provider connection serving {@code echo} inline, answering with frames of at most {@code maxFrameSize}. */
  private ServerConnection connection(int maxFrameSize) {
    ProviderOperation operation = new ServedOperation(echo, EchoServiceImpl.class, AxleExecutors.inline(), "inline",
        FilterChains.build(List.of(), new MethodInvoker(echo, new EchoServiceImpl())));
    ProviderOperations operations = new ProviderOperations() {
      @Override
      public ProviderOperation find(String schemaId, String operationName) {
        throw new AssertionError("the server looks operations up by bytes");
      }

      @Override
      public Collection<ProviderOperation> all() {
        return List.of(operation);
      }
    };
    return new ServerConnection(operations, new ServedOperations(operations, new OperationCodecs()),
        ServerLimits.maxFrameSize(maxFrameSize));
  }

  /** One read's worth of pipelined {@code echo} requests, with request ids 1, 2, … in order. */
  private ByteBuf burst(String... messages) {
    CompositeByteBuf burst = ByteBufAllocator.DEFAULT.compositeBuffer();
    for (int i = 0; i < messages.length; i++) {
      ByteBuf request = codec.encodeRequest(ByteBufAllocator.DEFAULT, TestInvocations.of(Role.CONSUMER, echo,
          new Object[] {messages[i]}), FrameLimits.maxFrameSize(1 << 20));
      request.setLong(Frames.REQUEST_ID_OFFSET, i + 1);
      burst.addComponent(true, request);
    }
    return burst;
  }

  /** The {@code count} response frames in {@code responses}, checked to carry ids 1, 2, … and nothing after. */
  private List<Response> answers(ByteBuf responses, int count) {
    EmbeddedChannel reader = new EmbeddedChannel(new FrameDecoder(FrameLimits.maxFrameSize(1 << 20)));
    reader.writeInbound(responses);
    List<Response> answers = new ArrayList<>();
    for (int i = 1; i <= count; i++) {
      Frame frame = reader.readInbound();
      assertThat(frame.type()).isEqualTo(Frames.TYPE_RESPONSE);
      assertThat(frame.requestId()).isEqualTo(i);
      answers.add(codec.decodeResponse(FrameHeader.parse(frame.header()), frame.body()));
      frame.release();
    }
    assertThat((Object) reader.readInbound()).isNull();
    reader.finishAndReleaseAll();
    return answers;
  }
}
