package io.axle.benchmarks;

import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Response;
import io.axle.Role;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.FilterChains;
import io.axle.internal.Invocation;
import io.axle.internal.InvocationChain;
import io.axle.internal.MethodInvoker;
import io.axle.internal.TestInvocations;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
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
 * A provider chain of {@code filters} no-op filters in front of the echo method, built as the runtime
 * builds it ({@link FilterChains#build} ending in a {@link MethodInvoker}) and walked once per call. The
 * filters are of four different classes taken in turn, as a real chain mixes classes: from four filters on,
 * the call site in the chain's link sees more types than the JIT inlines, as it would in production.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class FilterChainBenchmark {
  @Param({"0", "1", "4", "16"})
  public int filters;

  private InvocationChain chain;
  private Invocation invocation;

  @Setup
  public void setUp() {
    OperationMeta echo = SchemaMeta.of(BenchService.SCHEMA_ID, BenchService.class).operation("echo");
    List<Filter> list = new ArrayList<>();
    for (int i = 0; i < filters; i++) {
      list.add(switch (i % 4) {
        case 0 -> new NoOpA();
        case 1 -> new NoOpB();
        case 2 -> new NoOpC();
        default -> new NoOpD();
      });
    }
    chain = FilterChains.build(list, new MethodInvoker(echo, new BenchService.Impl()));
    // One invocation for every call: what it costs to make one is not the chain's.
    invocation = TestInvocations.of(Role.PROVIDER, echo, new Object[] {BenchService.ECHO_MESSAGE});
  }

  /** The chain and the method, up to the completed future of the response. */
  @Benchmark
  public Object invoke() {
    return chain.proceed(invocation).getNow(null).result();
  }

  static final class NoOpA implements Filter {
    @Override
    public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
      return next.proceed(call);
    }
  }

  static final class NoOpB implements Filter {
    @Override
    public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
      return next.proceed(call);
    }
  }

  static final class NoOpC implements Filter {
    @Override
    public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
      return next.proceed(call);
    }
  }

  static final class NoOpD implements Filter {
    @Override
    public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
      return next.proceed(call);
    }
  }
}
