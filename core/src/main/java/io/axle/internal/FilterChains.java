package io.axle.internal;

import io.axle.Call;
import io.axle.Filter;
import io.axle.Response;
import io.axle.contract.OperationMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Builds a chain once, when its operation is set up: one object per link. A call walks the runtime's own
 * links without allocating anything for the chain; a user's or a policy module's filter costs one small
 * object per call, the chain it proceeds on (see {@code FilterStep}). What the links are, and in which order, is the
 * assemblers' ({@link ConsumerChains}, {@link ProviderChains}); this class only links them.
 */
public final class FilterChains {
  private FilterChains() {
  }

  /** {@code filters} in order, then {@code terminal}: for tests and benchmarks that drive a chain without a runtime. */
  public static InvocationChain build(List<Filter> filters, InvocationChain terminal) {
    InvocationChain next = terminal;
    for (int i = filters.size() - 1; i >= 0; i--) {
      next = new FilterStep(filters.get(i), next);
    }
    return next;
  }

  /**
   * The links a call walks, in order, then {@code terminal}; with an {@code observer}, each link (and the
   * terminal, under the last link's name) tells it when a call enters.
   */
  static InvocationChain build(OperationMeta op, List<ChainLink> links, InvocationChain terminal,
      LinkObserver observer) {
    List<ChainLink> walked = links.stream().filter(ChainLink::walked).toList();
    InvocationChain next = terminal;
    if (observer != null) {
      next = new Observed(op, links.get(links.size() - 1).name(), observer, next);
    }
    for (int i = walked.size() - 1; i >= 0; i--) {
      ChainLink link = walked.get(i);
      next = link.filter() != null ? new FilterStep(link.filter(), next) : new RuntimeStep(link.runtimeLink(), next);
      if (observer != null) {
        next = new Observed(op, link.name(), observer, next);
      }
    }
    return next;
  }

  /** {@code [a, b] -> terminal}: the links before the last, then the last. */
  static String describe(List<ChainLink> links) {
    List<String> names = new ArrayList<>(links.size());
    for (int i = 0; i < links.size() - 1; i++) {
      names.add(links.get(i).name());
    }
    return "[" + String.join(", ", names) + "] -> " + links.get(links.size() - 1).name();
  }

  /**
   * The links as a Markdown table, one row each: step, link, part, thread. What docs/architecture.md shows,
   * so that the document is the assembler's own output.
   */
  static String table(List<ChainLink> links) {
    StringBuilder sb = new StringBuilder("| step | link | part | thread |\n| --- | --- | --- | --- |\n");
    for (int i = 0; i < links.size(); i++) {
      ChainLink link = links.get(i);
      sb.append("| ").append(i + 1).append(" | ").append(link.name()).append(" | ").append(link.part().what)
          .append(" | ").append(link.part().thread).append(" |\n");
    }
    return sb.toString();
  }

  /**
   * A user's (or a policy module's) filter: it sees the {@link Call}, and proceeds with the one it was given.
   * The chain it proceeds on is made per call, around the invocation, so that what follows gets the
   * invocation back without a cast: one small object per filter and call, and none without filters.
   */
  private record FilterStep(Filter filter, InvocationChain next) implements InvocationChain {
    @Override
    public CompletableFuture<Response> proceed(Invocation invocation) {
      try {
        CompletableFuture<Response> result = filter.onFilter(invocation, call -> call == invocation
            ? next.proceed(invocation) : CompletableFuture.completedFuture(Response.failure(Failures.internal(
                "filter " + filter.name() + " proceeded with a call it was not given (expected: the Call it received)",
                new IllegalArgumentException(String.valueOf(call))))));
        if (result == null) {
          return CompletableFuture.completedFuture(Response.failure(Failures.internal(
              "filter " + filter.name() + " returned null (expected: a future of a Response)", new NullPointerException())));
        }
        return result;
      } catch (Throwable t) {
        return CompletableFuture.completedFuture(Response.failure(
            Failures.internal("filter " + filter.name() + " threw", t)));
      }
    }
  }

  /** One of the runtime's own links: given the invocation itself. */
  private record RuntimeStep(RuntimeLink link, InvocationChain next) implements InvocationChain {
    @Override
    public CompletableFuture<Response> proceed(Invocation invocation) {
      try {
        return link.onInvocation(invocation, next);
      } catch (Throwable t) {
        return CompletableFuture.completedFuture(Response.failure(Failures.internal(link.name() + " threw", t)));
      }
    }
  }

  /** Tells the observer a call entered {@code name}, then proceeds. */
  private record Observed(OperationMeta op, String name, LinkObserver observer, InvocationChain next)
      implements InvocationChain {
    @Override
    public CompletableFuture<Response> proceed(Invocation invocation) {
      observer.entered(op, name);
      return next.proceed(invocation);
    }
  }
}
