package io.axle.highway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Invocation;
import io.axle.Role;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.executor.AxleExecutors;
import io.axle.internal.FilterChains;
import io.axle.internal.MethodInvoker;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.transport.ProviderOperation;
import io.axle.transport.ProviderOperations;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.CompositeByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.embedded.EmbeddedChannel;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** Responses made during one read burst leave in one buffer and one flush, not one per response. */
class ServerConnectionFlushTest {

  @Test
  void aResponseThatCannotBeSent_leavesNothingOfItselfInTheBatch_andBecomesAnErrorFrame() {
    OperationMeta echo = SchemaMeta.of("EchoService", EchoService.class).operation("echo");
    ProviderOperation operation = new ProviderOperation(echo, EchoServiceImpl.class, AxleExecutors.inline(), "inline",
        FilterChains.build(List.of(), new MethodInvoker(echo, new EchoServiceImpl())));
    ProviderOperations operations = new ProviderOperations() {
      @Override
      public ProviderOperation find(String schemaId, String operationName) {
        return null;
      }

      @Override
      public Collection<ProviderOperation> all() {
        return List.of(operation);
      }
    };
    // Requests up to 1 MiB come in; responses over 300 bytes may not go out.
    EmbeddedChannel channel = new EmbeddedChannel(new FrameDecoder(1 << 20),
        new ServerConnection(operations, new ServedOperations(operations, new OperationCodecs()), 300));
    OperationCodec codec = new OperationCodec(echo);
    CompositeByteBuf burst = ByteBufAllocator.DEFAULT.compositeBuffer();
    String[] messages = {"first", "x".repeat(1000), "third"};
    for (int i = 0; i < messages.length; i++) {
      ByteBuf request = codec.encodeRequest(ByteBufAllocator.DEFAULT, new Invocation(Role.CONSUMER, echo,
          new Object[] {messages[i]}), 1 << 20);
      request.setLong(Frames.REQUEST_ID_OFFSET, i + 1);
      burst.addComponent(true, request);
    }
    channel.writeInbound(burst);

    ByteBuf responses = channel.readOutbound();
    assertThat((Object) channel.readOutbound()).isNull();
    EmbeddedChannel reader = new EmbeddedChannel(new FrameDecoder(1 << 20));
    reader.writeInbound(responses);
    List<io.axle.Response> answers = new java.util.ArrayList<>();
    for (int i = 1; i <= 3; i++) {
      Frame frame = reader.readInbound();
      assertThat(frame.requestId()).isEqualTo(i);
      answers.add(codec.decodeResponse(FrameHeader.parse(frame.header()), frame.body()));
      frame.release();
    }
    assertThat((Object) reader.readInbound()).isNull();
    assertThat(answers.get(0).result()).isEqualTo("first");
    assertThat(answers.get(1).isOk()).isFalse();
    assertThat(answers.get(1).error().getMessage()).contains("is over axle.highway.max-frame-size 300");
    assertThat(answers.get(2).result()).isEqualTo("third");
    reader.finishAndReleaseAll();
    channel.finishAndReleaseAll();
  }

  @Test
  void aBurstOfPipelinedRequests_isAnsweredWithOneFlush() {
    OperationMeta echo = SchemaMeta.of("EchoService", EchoService.class).operation("echo");
    ProviderOperation operation = new ProviderOperation(echo, EchoServiceImpl.class, AxleExecutors.inline(), "inline",
        FilterChains.build(List.of(), new MethodInvoker(echo, new EchoServiceImpl())));
    ProviderOperations operations = new ProviderOperations() {
      @Override
      public ProviderOperation find(String schemaId, String operationName) {
        return "EchoService".equals(schemaId) && "echo".equals(operationName) ? operation : null;
      }

      @Override
      public Collection<ProviderOperation> all() {
        return List.of(operation);
      }
    };
    AtomicInteger flushes = new AtomicInteger();
    AtomicInteger writes = new AtomicInteger();
    EmbeddedChannel channel = new EmbeddedChannel(
        new ChannelOutboundHandlerAdapter() {
          @Override
          public void write(ChannelHandlerContext ctx, Object msg, io.netty.channel.ChannelPromise promise) {
            writes.incrementAndGet();
            ctx.write(msg, promise);
          }

          @Override
          public void flush(ChannelHandlerContext ctx) {
            flushes.incrementAndGet();
            ctx.flush();
          }
        },
        new FrameDecoder(1 << 20),
        new ServerConnection(operations, new ServedOperations(operations, new OperationCodecs()), 1 << 20));

    OperationCodec codec = new OperationCodec(echo);
    CompositeByteBuf burst = ByteBufAllocator.DEFAULT.compositeBuffer();
    for (int i = 1; i <= 50; i++) {
      ByteBuf request = codec.encodeRequest(ByteBufAllocator.DEFAULT, new Invocation(Role.CONSUMER, echo,
          new Object[] {"m" + i}), 1 << 20);
      request.setLong(Frames.REQUEST_ID_OFFSET, i);
      burst.addComponent(true, request);
    }
    channel.writeInbound(burst);

    assertThat(writes.get()).as("buffers written for 50 responses made in one read burst").isEqualTo(1);
    assertThat(flushes.get()).as("flushes for 50 responses made in one read burst").isEqualTo(1);
    ByteBuf responses = channel.readOutbound();
    EmbeddedChannel reader = new EmbeddedChannel(new FrameDecoder(1 << 20));
    reader.writeInbound(responses);
    for (int i = 1; i <= 50; i++) {
      Frame response = reader.readInbound();
      assertThat(response.type()).isEqualTo(Frames.TYPE_RESPONSE);
      assertThat(response.requestId()).isEqualTo(i);
      assertThat(codec.decodeResponse(FrameHeader.parse(response.header()), response.body()).result()).isEqualTo("m" + i);
      response.release();
    }
    assertThat((Object) reader.readInbound()).isNull();
    reader.finishAndReleaseAll();
    channel.finishAndReleaseAll();
  }
}
