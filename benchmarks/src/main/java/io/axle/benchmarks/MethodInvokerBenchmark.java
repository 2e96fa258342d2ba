package io.axle.benchmarks;

import io.axle.Role;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.MethodInvoker;
import io.axle.internal.TestInvocations;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * The provider's call into the echo method, {@link MethodInvoker#proceed} alone: through the
 * invoker's hidden class, whose handle is a JIT constant ({@code constant}), or through the handle
 * held in a field ({@code plain}). With {@code invokers} above 1, calls go to that many invokers in
 * turn, each with its own bean, as a producer serving several operations does: the call site in
 * {@code proceed} then sees one class per invoker on the constant path.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class MethodInvokerBenchmark {
  @Param({"constant", "plain"})
  public String path;

  @Param({"1", "4"})
  public int invokers;

  private MethodInvoker[] chain;
  private Invocation invocation;
  private int next;

  @Setup
  public void setUp() {
    OperationMeta echo = SchemaMeta.of(BenchService.SCHEMA_ID, BenchService.class).operation("echo");
    chain = new MethodInvoker[invokers];
    for (int i = 0; i < invokers; i++) {
      chain[i] = switch (path) {
        case "constant" -> new MethodInvoker(echo, new BenchService.Impl());
        case "plain" -> MethodInvoker.withPlainHandle(echo, new BenchService.Impl());
        default -> throw new IllegalArgumentException("path: " + path + " (expected: constant or plain)");
      };
    }
    invocation = TestInvocations.of(Role.PROVIDER, echo, new Object[] {BenchService.ECHO_MESSAGE});
  }

  /** One call, up to the completed future of the response. */
  @Benchmark
  public Object invoke() {
    MethodInvoker invoker = chain[next];
    next = next + 1 == chain.length ? 0 : next + 1;
    return invoker.proceed(invocation).getNow(null).result();
  }
}
