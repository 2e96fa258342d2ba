package io.axle.highway.internal;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.registry.Endpoint;
import io.axle.transport.Attempt;
import io.axle.transport.InFlightCalls;
import io.netty.buffer.ByteBuf;
import io.netty.channel.EventLoop;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.net.NetClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * The consumer side of highway: {@code thread-count} connections per endpoint, one on each
 * client event loop. A call made on one of those loops (an async caller continuing in a
 * callback) goes on that loop's own connection, so it is written without a thread hop or a
 * wake-up; a call from any other thread picks a connection round-robin. A connection that closed
 * or was told to go away is replaced on the next call that picks its slot.
 */
public final class HighwayClient {
  private final NetClient netClient;
  private final List<ContextInternal> contexts;
  private final EventLoop[] loops;
  private final OperationCodecs codecs;
  private final FrameLimits limits;
  private final Map<Endpoint, Slots> byEndpoint = new ConcurrentHashMap<>();
  private final InFlightCalls inFlight = new InFlightCalls();
  private volatile String closedReason;

  public HighwayClient(NetClient netClient, List<ContextInternal> contexts, OperationCodecs codecs, FrameLimits limits) {
    this.netClient = netClient;
    this.contexts = List.copyOf(contexts);
    this.loops = contexts.stream().map(ContextInternal::nettyEventLoop).toArray(EventLoop[]::new);
    this.codecs = codecs;
    this.limits = limits;
  }

  public CompletableFuture<Response> send(Attempt invocation, Endpoint endpoint) {
    String closed = closedReason;
    if (closed != null) {
      return CompletableFuture.completedFuture(Response.failure(Status.SHUTTING_DOWN,
          invocation.operation().qualifiedName() + " was not sent: " + closed));
    }
    OperationCodec codec;
    ByteBuf request;
    try {
      codec = codecs.of(invocation.operation());
      // Into a heap buffer whatever the thread: the connection copies it into its batch.
      request = codec.encodeRequest(EncodeBuffers.heap(), invocation, limits);
      invocation.mark(Stage.CONSUMER_ENCODED);
    } catch (AxleException e) {
      return CompletableFuture.completedFuture(Response.failure(e));
    } catch (IllegalArgumentException e) {
      return CompletableFuture.completedFuture(Response.failure(Status.BAD_REQUEST, e.getMessage()));
    }
    Slots slots = byEndpoint.computeIfAbsent(endpoint, Slots::new);
    PendingCall call = new PendingCall(invocation, endpoint, codec, request, slots.inFlight);
    slots.next().send(call);
    return call.future();
  }

  /** Calls sent and not yet answered. */
  public InFlightCalls inFlight() {
    return inFlight;
  }

  /** Calls sent and not yet answered, by endpoint. */
  public Map<Endpoint, Integer> inFlightByEndpoint() {
    Map<Endpoint, Integer> counts = new java.util.LinkedHashMap<>();
    byEndpoint.forEach((endpoint, slots) -> counts.put(endpoint, slots.inFlight.count()));
    return counts;
  }

  /** Closes every connection; calls still pending fail with {@code reason}. */
  public void closeAll(String reason) {
    closedReason = reason;
    for (Slots slots : byEndpoint.values()) {
      slots.closeAll(reason);
    }
  }

  /** The index of the client event loop the caller runs on, or -1 when it runs on none of them. */
  private int localIndex() {
    for (int i = 0; i < loops.length; i++) {
      if (loops[i].inEventLoop()) {
        return i;
      }
    }
    return -1;
  }

  private final class Slots {
    private final Endpoint endpoint;
    /** This endpoint's share of the client's calls in flight. */
    private final InFlightCalls inFlight = new InFlightCalls(HighwayClient.this.inFlight);
    private final AtomicReferenceArray<ClientConnection> connections;
    private final AtomicInteger roundRobin = new AtomicInteger();

    Slots(Endpoint endpoint) {
      this.endpoint = endpoint;
      this.connections = new AtomicReferenceArray<>(contexts.size());
    }

    ClientConnection next() {
      int index = localIndex();
      if (index < 0) {
        index = Math.floorMod(roundRobin.getAndIncrement(), contexts.size());
      }
      ClientConnection connection = connections.get(index);
      while (connection == null || !connection.isUsable()) {
        ClientConnection fresh = new ClientConnection(endpoint, contexts.get(index), limits);
        if (connections.compareAndSet(index, connection, fresh)) {
          fresh.connect(netClient);
          return fresh;
        }
        connection = connections.get(index);
      }
      return connection;
    }

    void closeAll(String reason) {
      List<ClientConnection> all = new ArrayList<>();
      for (int i = 0; i < connections.length(); i++) {
        ClientConnection c = connections.get(i);
        if (c != null) {
          all.add(c);
        }
      }
      all.forEach(c -> c.close(reason));
    }
  }
}
