package io.axle.perf.baseline;

import io.axle.config.AxleConfig;
import io.axle.config.CoreConfigKeys;
import io.axle.config.HostAndPort;
import io.axle.highway.HighwayConfigKeys;
import io.axle.perf.PerfKeys;
import io.axle.registry.Endpoint;
import io.axle.rest.RestConfigKeys;
import io.axle.transport.NativeTransport;
import io.axle.transport.ServerLoops;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.http.HttpServer;
import io.vertx.core.http.HttpServerOptions;
import io.vertx.core.net.NetServer;
import io.vertx.core.net.NetServerOptions;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The producer's raw echoes: {@link TcpEcho} on {@code baseline.address} and {@link HttpEcho} on
 * {@code baseline.rest-address}, on a Vert.x instance of their own so that they take no event loop from
 * Axle's servers and Axle's take none from them.
 *
 * <p>Each echo gets as many event loops as the transport it stands for ({@code axle.highway.server.thread-count},
 * {@code axle.rest.server.thread-count}), one server per loop on a shared port, the way Axle's transports
 * serve: a baseline with more (or fewer) loops than highway would measure the thread count, not the chassis.
 * Core's {@link ServerLoops} places the servers: it only picks the loops and shares a port 0 between them,
 * nothing of it is on the request path.
 */
public final class BaselineServers implements AutoCloseable {
  private static final Duration START_WAIT = Duration.ofSeconds(30);

  private final Vertx vertx;
  private final Map<String, Endpoint> endpoints;
  /** With {@code baseline.hand-off}: the TCP echo's worker pools, one per server loop. */
  private final Map<Object, ThreadPoolExecutor> pools = new ConcurrentHashMap<>();

  private BaselineServers(Vertx vertx, Map<String, Endpoint> endpoints) {
    this.vertx = vertx;
    this.endpoints = endpoints;
  }

  /**
   * Starts both echoes, unless {@code baseline.enabled} is false (then none, and no threads).
   *
   * @throws IllegalStateException when one cannot listen, naming its key
   */
  public static BaselineServers start(AxleConfig config) {
    if (!config.get(PerfKeys.BASELINE_ENABLED)) {
      return new BaselineServers(null, Map.of());
    }
    HostAndPort tcpAddress = config.get(PerfKeys.BASELINE_ADDRESS);
    HostAndPort httpAddress = config.get(PerfKeys.BASELINE_REST_ADDRESS);
    int tcpLoops = config.get(HighwayConfigKeys.SERVER_THREAD_COUNT);
    int httpLoops = config.get(RestConfigKeys.SERVER_THREAD_COUNT);
    Vertx vertx = NativeTransport.vertx(config,
        new VertxOptions().setEventLoopPoolSize(tcpLoops + httpLoops));
    BaselineServers servers = new BaselineServers(vertx, new LinkedHashMap<>());
    try {
      servers.listenTcp(tcpAddress, tcpLoops, config.get(PerfKeys.BASELINE_HAND_OFF),
          config.get(CoreConfigKeys.EXECUTOR_DEFAULT_THREAD_PER_GROUP));
      servers.listenHttp(httpAddress, httpLoops);
    } catch (RuntimeException e) {
      servers.close();
      throw e;
    }
    return servers;
  }

  private static ThreadPoolExecutor newPool(int threads, int index) {
    AtomicInteger next = new AtomicInteger();
    ThreadPoolExecutor pool = new ThreadPoolExecutor(threads, threads, 0, TimeUnit.MILLISECONDS,
        new LinkedBlockingQueue<>(), task -> {
          Thread t = new Thread(task, "baseline-g" + index + "-t" + next.getAndIncrement());
          t.setDaemon(true);
          return t;
        });
    pool.prestartAllCoreThreads();
    return pool;
  }

  /** Tasks the TCP echo's worker pools ran ({@code baseline.hand-off}), for a test to see the hop was made. */
  long handedOffTasks() {
    return pools.values().stream().mapToLong(ThreadPoolExecutor::getCompletedTaskCount).sum();
  }

  private void listenTcp(HostAndPort address, int loops, String handOff, int threadsPerPool) {
    ServerLoops serverLoops = new ServerLoops(Baseline.TCP, vertx, loops);
    endpoints.put(Baseline.TCP, await(serverLoops.listen(address, PerfKeys.BASELINE_ADDRESS.name(), (loop, port) -> {
      NetServer server = vertx.createNetServer(new NetServerOptions().setTcpNoDelay(true));
      if (handOff.equals("none")) {
        server.connectHandler(TcpEcho::serve);
      } else {
        // One pool per loop, as the group executor binds one group to each loop.
        ThreadPoolExecutor pool = pools.computeIfAbsent(loop, l -> newPool(threadsPerPool, pools.size()));
        boolean perBurst = handOff.equals("burst");
        server.connectHandler(socket -> HandedOffTcpEcho.serve(socket, pool, perBurst));
      }
      return server.listen(port, address.host()).map(NetServer::actualPort);
    })));
  }

  private void listenHttp(HostAndPort address, int loops) {
    ServerLoops serverLoops = new ServerLoops(Baseline.REST, vertx, loops);
    endpoints.put(Baseline.REST, await(serverLoops.listen(address, PerfKeys.BASELINE_REST_ADDRESS.name(),
        (loop, port) -> {
          // As lean as Axle's REST server: neither serves WebSockets, so neither pays for their
          // compression handshake handler on every request.
          HttpServer server = vertx.createHttpServer(new HttpServerOptions().setTcpNoDelay(true)
              .setPerFrameWebSocketCompressionSupported(false).setPerMessageWebSocketCompressionSupported(false));
          server.requestHandler(HttpEcho::serve);
          return server.listen(port, address.host()).map(HttpServer::actualPort);
        })));
  }

  private static Endpoint await(CompletableFuture<Endpoint> listening) {
    try {
      return listening.get(START_WAIT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (ExecutionException e) {
      throw new IllegalStateException(e.getCause().getMessage() + "; or turn the baseline off with "
          + PerfKeys.BASELINE_ENABLED.name() + "=false", e.getCause());
    } catch (TimeoutException e) {
      throw new IllegalStateException("the baseline servers did not start within " + START_WAIT.toSeconds() + " s");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while the baseline servers started", e);
    }
  }

  /** {@code baseline} and {@code baseline-rest}, with the ports bound; empty when disabled. */
  public Map<String, Endpoint> endpoints() {
    return Collections.unmodifiableMap(endpoints);
  }

  /** Stops listening (closing the Vert.x instance closes its servers and connections); an echo has nothing to drain. */
  @Override
  public void close() {
    if (vertx == null) {
      return;
    }
    pools.values().forEach(ExecutorService::shutdownNow);
    try {
      vertx.close().await(10, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      // Its threads are daemons: a slow close costs nothing but the wait.
    }
  }
}
