package io.axle.perf.baseline;

import io.vertx.core.Context;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.net.NetClient;
import io.vertx.core.net.NetSocket;
import java.util.ArrayDeque;
import java.util.concurrent.CompletableFuture;

/**
 * One connection of the baseline client to the raw TCP echo, pipelined: frames are written as they come and
 * answered in order, so the answer to the oldest frame sent is the next one read (the raw protocol has no
 * request ids). Every touch of the state runs on the connection's event loop, which keeps the queue of
 * pending calls in the order of the writes without a lock; callers off the loop hand their frame over, as
 * Axle's highway client does. Connected on first use, and again after a failure or a close.
 */
final class FramedConnection {
  private final Context context;
  private final NetClient client;
  private final String host;
  private final int port;
  private final ArrayDeque<CompletableFuture<Buffer>> pending = new ArrayDeque<>();
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

  /** Sends one frame; completes with the payload of its answer, or fails when the connection does. */
  CompletableFuture<Buffer> send(Buffer frame) {
    CompletableFuture<Buffer> answer = new CompletableFuture<>();
    if (Vertx.currentContext() == context) {
      sendOnLoop(frame, answer);
    } else {
      context.runOnContext(v -> sendOnLoop(frame, answer));
    }
    return answer;
  }

  private void sendOnLoop(Buffer frame, CompletableFuture<Buffer> answer) {
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
    opened.handler(new Frames(this::answered, reason -> {
      failAll(new IllegalStateException("baseline answer: " + reason));
      opened.close();
    }));
    opened.closeHandler(v -> {
      if (socket == opened) {
        socket = null;
      }
      failAll(new IllegalStateException("baseline connection to " + host + ":" + port + " closed"));
    });
    opened.exceptionHandler(error -> opened.close());
    for (Waiting next = waiting.poll(); next != null; next = waiting.poll()) {
      pending.add(next.answer());
      opened.write(next.frame());
    }
  }

  private void answered(Buffer payload) {
    CompletableFuture<Buffer> answer = pending.poll();
    if (answer != null) {
      answer.complete(payload);
    }
  }

  private void failAll(Throwable cause) {
    for (CompletableFuture<Buffer> answer = pending.poll(); answer != null; answer = pending.poll()) {
      answer.completeExceptionally(cause);
    }
  }

  private void failWaiting(Throwable cause) {
    for (Waiting next = waiting.poll(); next != null; next = waiting.poll()) {
      next.answer().completeExceptionally(cause);
    }
  }

  private record Waiting(Buffer frame, CompletableFuture<Buffer> answer) {
  }
}
