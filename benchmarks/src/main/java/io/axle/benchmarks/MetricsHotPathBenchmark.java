package io.axle.benchmarks;

import io.axle.Call;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.metrics.internal.Instruments;
import io.axle.metrics.internal.MetricsListener;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;

/**
 * The metrics' per-call cost: {@link MetricsListener#onEnd} for a provider echo over highway with every
 * stage marked, as the runtime calls it when a response was sent; the listener is made as {@code
 * AxleMetrics} makes it, with a Prometheus registry and slow-call logging off. One thread, and two threads
 * sharing the listener (two event loops ending calls of the same operation at once, the striped meter's
 * case). The window clock does not run: draining happens once a second, off the calls' threads.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MetricsHotPathBenchmark {

  /** One listener, as one runtime has. */
  @State(Scope.Benchmark)
  public static class Listener {
    MetricsListener listener;

    @Setup
    public void setUp() {
      listener = new MetricsListener(Long.MAX_VALUE, Long.MAX_VALUE, () -> { },
          new Instruments(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT)));
    }
  }

  /** A finished call per thread: each event loop ends its own calls. */
  @State(Scope.Thread)
  public static class Call {
    Invocation invocation;
    Response response;

    @Setup
    public void setUp() {
      OperationMeta echo = SchemaMeta.of(BenchService.SCHEMA_ID, BenchService.class).operation("echo");
      invocation = TestInvocations.of(Role.PROVIDER, echo, new Object[] {BenchService.ECHO_MESSAGE});
      TestInvocations.onTransport(invocation, "highway");
      // 20 µs in all: decode 1, queue 3, execute 8, encode 2, send 6.
      long t = System.nanoTime();
      invocation.mark(Stage.PROVIDER_RECEIVED, t);
      invocation.mark(Stage.PROVIDER_DECODED, t + 1_000);
      invocation.mark(Stage.PROVIDER_EXECUTE, t + 4_000);
      invocation.mark(Stage.PROVIDER_EXECUTED, t + 12_000);
      invocation.mark(Stage.PROVIDER_ENCODED, t + 14_000);
      invocation.mark(Stage.PROVIDER_SENT, t + 20_000);
      response = Response.ok(BenchService.ECHO_MESSAGE);
    }
  }

  @Benchmark
  public Listener onEnd(Listener state, Call call) {
    state.listener.onEnd(call.invocation, call.response);
    return state;
  }

  @Benchmark
  @Threads(2)
  public Listener onEndTwoThreads(Listener state, Call call) {
    state.listener.onEnd(call.invocation, call.response);
    return state;
  }
}
