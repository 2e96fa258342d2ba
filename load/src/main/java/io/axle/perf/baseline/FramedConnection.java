package io.axle.perf.baseline;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.internal.net.NetSocketInternal;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetSocket;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * One connection of the baseline client to the raw TCP echo, pipelined: frames are written as they come and
 * answered in order, so the answer to the oldest frame sent is the next one read (the raw protocol has no
 * request ids). Every touch of the state runs on the connection's event loop, which keeps the queue of
 * pending calls in the order of the writes without a lock; callers off the loop hand their frame over, as
 * Axle's highway client does. Connected on first use, and again after a failure or a close. Answers are cut
 * by Netty's own frame decoder in front of Vert.x's handler and read as slices of the bytes received, the way
 * highway's client reads its frames.
 */
final class FramedConnection {
  /** The frame's big-endian length prefix: 4 bytes, then that many bytes of payload. */
  static final int LENGTH = 4;
  /** Larger than any request the demo sends; a bigger length means the peer does not speak this protocol. */
  static final int MAX_PAYLOAD = 64 * 1024 * 1024;

  private final Context context;
  private final NetClient client;
  private final String host;
  private final int port;
  private final ArrayDeque<Pending<?>> pending = new ArrayDeque<>();
  /** Frames written while connecting, sent once connected. */
  private final ArrayDeque<Waiting> waiting = new ArrayDeque<>();
  private NetSocket socket;
  private boolean connecting;

  FramedConnection(Context context, NetClient client, String host, int port) {
    this.context = context;
    this.client = client;
    this.host = host;
    this.port = port;
  }

  /** The context (event loop) the connection lives on. */
  Context context() {
    return context;
  }

  /**
   * Netty's decoder for these frames, stripping {@code strip} bytes of prefix. Its buffer of bytes read is
   * composed rather than merged: a frame sliced out of it may still be on its way out when the next bytes
   * arrive, and merging would then copy everything still buffered (a large frame's first part) on every read.
   */
  static LengthFieldBasedFrameDecoder frameDecoder(int strip) {
    LengthFieldBasedFrameDecoder decoder = new LengthFieldBasedFrameDecoder(LENGTH + MAX_PAYLOAD, 0, LENGTH, 0, strip);
    decoder.setCumulator(ByteToMessageDecoder.COMPOSITE_CUMULATOR);
    return decoder;
  }

  /** One frame of {@code payload}, ready to send (and to send again: the buffer is only read). */
  static Buffer frame(byte[] payload) {
    return Buffer.buffer(LENGTH + payload.length).appendInt(payload.length).appendBytes(payload);
  }

  /**
   * Sends one frame; completes with what {@code read} makes of its answer's payload (read on the event loop,
   * before the payload's bytes are let go), or fails when the connection does.
   */
  <T> CompletableFuture<T> send(Buffer frame, Function<ByteBuf, T> read) {
    Pending<T> answer = new Pending<>(read);
    if (Vertx.currentContext() == context) {
      sendOnLoop(frame, answer);
    } else {
      context.runOnContext(v -> sendOnLoop(frame, answer));
    }
    return answer.future;
  }

  private void sendOnLoop(Buffer frame, Pending<?> answer) {
    if (socket != null) {
      pending.add(answer);
      socket.write(frame);
      return;
    }
    waiting.add(new Waiting(frame, answer));
    if (!connecting) {
      connecting = true;
      client.connect(port, host).onComplete(connected -> {
        connecting = false;
        if (connected.succeeded()) {
          opened(connected.result());
        } else {
          failWaiting(connected.cause());
        }
      });
    }
  }

  private void opened(NetSocket opened) {
    socket = opened;
    NetSocketInternal internal = (NetSocketInternal) opened;
    ChannelHandlerContext vertx = internal.channelHandlerContext();
    // The prefix is stripped: each message is an answer's payload, a slice of what was read. Vert.x hands the
    // messages on, so it knows a read is under way and flushes the writes made in it once, at its end.
    vertx.pipeline().addBefore(vertx.name(), "baseline-frames", frameDecoder(LENGTH));
    internal.messageHandler(message -> {
      ByteBuf payload = (ByteBuf) message;
      try {
        answered(payload);
      } finally {
        payload.release();
      }
    });
    opened.closeHandler(v -> {
      if (socket == opened) {
        socket = null;
      }
      failAll(new IllegalStateException("baseline connection to " + host + ":" + port + " closed"));
    });
    // A negative or oversized length (the decoder's exception) fails what is pending with its reason, then closes.
    opened.exceptionHandler(error -> {
      failAll(new IllegalStateException("baseline answer: " + error.getMessage(), error));
      opened.close();
    });
    for (Waiting next = waiting.poll(); next != null; next = waiting.poll()) {
      pending.add(next.answer());
      opened.write(next.frame());
    }
  }

  private void answered(ByteBuf payload) {
    Pending<?> answer = pending.poll();
    if (answer != null) {
      answer.complete(payload);
    }
  }

  private void failAll(Throwable cause) {
    for (Pending<?> answer = pending.poll(); answer != null; answer = pending.poll()) {
      answer.future.completeExceptionally(cause);
    }
  }

  private void failWaiting(Throwable cause) {
    for (Waiting next = waiting.poll(); next != null; next = waiting.poll()) {
      next.answer().future.completeExceptionally(cause);
    }
  }

  private record Waiting(Buffer frame, Pending<?> answer) {
  }

  /** A call sent and not yet answered, with how its answer's payload is read. */
  private static final class Pending<T> {
    final CompletableFuture<T> future = new CompletableFuture<>();
    private final Function<ByteBuf, T> read;

    Pending(Function<ByteBuf, T> read) {
      this.read = read;
    }

    void complete(ByteBuf payload) {
      T value;
      try {
        value = read.apply(payload);
      } catch (RuntimeException e) {
        future.completeExceptionally(e);
        return;
      }
      future.complete(value);
    }
  }
}
