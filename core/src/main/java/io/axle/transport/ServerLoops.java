package io.axle.transport;

import io.axle.config.HostAndPort;
import io.axle.registry.Endpoint;
import io.vertx.core.Context;
import io.vertx.core.Future;
import io.vertx.core.Promise;
import io.vertx.core.Vertx;
import io.vertx.core.internal.VertxInternal;
import java.net.BindException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiFunction;

/**
 * The server side of a transport spread over {@code thread-count} event loops: one server per
 * loop, all on one port, so that Vert.x hands accepted connections to the loops in turn.
 *
 * <p>The loops are taken when this is created. A transport creates it before its client loops,
 * so that server and client never share a thread.
 */
public final class ServerLoops {
  private final String transport;
  private final List<Context> contexts = new ArrayList<>();

  /** Takes {@code count} event loops of {@code vertx} for the servers of {@code transport}. */
  public ServerLoops(String transport, Vertx vertx, int count) {
    this.transport = transport;
    for (int i = 0; i < count; i++) {
      contexts.add(((VertxInternal) vertx).createEventLoopContext());
    }
  }

  /**
   * Starts one server per loop. {@code startOne} runs on each loop's context with the port to
   * listen on and completes with the port it bound. The first server binds alone, so a busy
   * port fails at once; the others then share its port ({@link SharedPorts} for port 0).
   *
   * @param addressKey the configuration key of {@code address}, named in the error
   * @return the endpoint bound, or a failure saying {@code <transport> cannot listen on <address>: <why>}
   */
  public CompletableFuture<Endpoint> listen(HostAndPort address, String addressKey,
      BiFunction<Context, Integer, Future<Integer>> startOne) {
    CompletableFuture<Endpoint> result = new CompletableFuture<>();
    int port = SharedPorts.listenPort(transport, address.port());
    onContext(0, port, startOne).onComplete(first -> {
      if (first.failed()) {
        result.completeExceptionally(cannotListen(address, addressKey, first.cause()));
        return;
      }
      List<Future<Integer>> others = new ArrayList<>();
      for (int i = 1; i < contexts.size(); i++) {
        others.add(onContext(i, port, startOne));
      }
      Future.all(others).onComplete(all -> {
        if (all.failed()) {
          result.completeExceptionally(cannotListen(address, addressKey, all.cause()));
        } else {
          result.complete(new Endpoint(transport, address.host(), first.result()));
        }
      });
    });
    return result;
  }

  private Future<Integer> onContext(int index, int port, BiFunction<Context, Integer, Future<Integer>> startOne) {
    Promise<Integer> promise = Promise.promise();
    Context context = contexts.get(index);
    context.runOnContext(v -> {
      try {
        startOne.apply(context, port).onComplete(promise);
      } catch (RuntimeException e) {
        promise.fail(e);
      }
    });
    return promise.future();
  }

  private IllegalStateException cannotListen(HostAndPort address, String addressKey, Throwable cause) {
    String holder = "";
    if (isPortInUse(cause)) {
      holder = PortHolder.describe(address.port()).map(who -> "; the port is held by " + who).orElse("");
    }
    return new IllegalStateException(transport + " cannot listen on " + address + ": " + cause.getMessage()
        + holder + " (expected: a free port in " + addressKey + ")", cause);
  }

  /** NIO says it with a {@link BindException}, Netty's native transports with the OS's words. */
  private static boolean isPortInUse(Throwable cause) {
    return cause instanceof BindException
        || (cause.getMessage() != null && cause.getMessage().contains("Address already in use"));
  }
}
