package io.axle.highway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.Response;
import io.axle.Role;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.registry.Endpoint;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.WriteCounter;
import io.axle.transport.InFlightCalls;
import io.vertx.core.Vertx;
import io.vertx.core.internal.ContextInternal;
import io.vertx.core.internal.VertxInternal;
import io.vertx.core.net.NetClient;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The consumer's writer on a real connection to a real provider: requests queued by other threads
 * while the loop is busy leave in one buffer and one flush, and so do requests made on the loop
 * itself within one task.
 */
class ClientConnectionFlushTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private final OperationMeta echo = SchemaMeta.of("EchoService", EchoService.class).operation("echo");
  private final OperationCodec codec = new OperationCodec(echo);
  private final InFlightCalls inFlight = new InFlightCalls();
  private final WriteCounter counter = new WriteCounter();
  private final AtomicInteger writes = counter.writes;
  private final AtomicInteger flushes = counter.flushes;
  private Axle provider;
  private Vertx vertx;
  private ContextInternal context;
  private ClientConnection connection;

  @BeforeEach
  void connect() throws Exception {
    provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of("axle.executors.default", "inline"));
    Endpoint endpoint = provider.endpoint("highway").orElseThrow();
    vertx = Vertx.vertx();
    context = ((VertxInternal) vertx).createEventLoopContext();
    NetClient client = vertx.createNetClient();
    connection = new ClientConnection(new Endpoint("highway", "127.0.0.1", endpoint.port()), context,
        FrameLimits.maxFrameSize(1 << 20));
    connection.connect(client);
    // The first call opens the connection; then the writes are watched.
    assertThat(call("open").get(10, TimeUnit.SECONDS).result()).isEqualTo("open");
    CompletableFuture<Void> watched = new CompletableFuture<>();
    context.nettyEventLoop().execute(() -> {
      connection.channelContext().pipeline().addFirst(counter);
      watched.complete(null);
    });
    watched.get(10, TimeUnit.SECONDS);
  }

  @AfterEach
  void close() throws Exception {
    vertx.close().await(10, TimeUnit.SECONDS);
    provider.stop();
  }

  @Test
  void requestsQueuedByAnotherThread_whileTheLoopIsBusy_leaveInOneBufferAndOneFlush() throws Exception {
    CountDownLatch busy = new CountDownLatch(1);
    context.nettyEventLoop().execute(() -> {
      try {
        busy.await(10, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    List<CompletableFuture<Response>> calls = new ArrayList<>();
    for (int i = 0; i < 50; i++) {
      calls.add(call("m" + i));
    }
    busy.countDown();
    for (int i = 0; i < 50; i++) {
      assertThat(calls.get(i).get(10, TimeUnit.SECONDS).result()).isEqualTo("m" + i);
    }
    assertThat(writes.get()).as("buffers written for 50 queued requests").isEqualTo(1);
    assertThat(flushes.get()).as("flushes for 50 queued requests").isEqualTo(1);
    assertThat(inFlight.count()).isZero();
  }

  @Test
  void requestsMadeOnTheLoopInOneTask_leaveWithOneFlush() throws Exception {
    List<CompletableFuture<Response>> calls = new ArrayList<>();
    CompletableFuture<Void> sent = new CompletableFuture<>();
    context.nettyEventLoop().execute(() -> {
      for (int i = 0; i < 20; i++) {
        calls.add(call("loop" + i));
      }
      sent.complete(null);
    });
    sent.get(10, TimeUnit.SECONDS);
    for (int i = 0; i < 20; i++) {
      assertThat(calls.get(i).get(10, TimeUnit.SECONDS).result()).isEqualTo("loop" + i);
    }
    assertThat(writes.get()).as("buffers written for 20 requests made on the loop").isEqualTo(1);
    assertThat(flushes.get()).as("flushes for 20 requests made on the loop").isEqualTo(1);
  }

  private CompletableFuture<Response> call(String message) {
    Invocation invocation = TestInvocations.of(Role.CONSUMER, echo, new Object[] {message});
    PendingCall call = new PendingCall(invocation, new Endpoint("highway", "127.0.0.1", 1), codec,
        codec.encodeRequest(EncodeBuffers.heap(), invocation, FrameLimits.maxFrameSize(1 << 20)), inFlight);
    connection.send(call);
    return call.future();
  }
}
