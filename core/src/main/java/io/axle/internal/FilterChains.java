package io.axle.internal;

import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Response;
import io.axle.contract.OperationMeta;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Builds a chain once, when its operation is set up: one object per link, so a call walks it without
 * allocating anything for the chain itself. What the links are, and in which order, is the
 * assemblers' ({@link ConsumerChains}, {@link ProviderChains}); this class only links them.
 */
public final class FilterChains {
  private FilterChains() {
  }

  /** {@code filters} in order, then {@code terminal}. */
  public static FilterChain build(List<Filter> filters, FilterChain terminal) {
    FilterChain next = terminal;
    for (int i = filters.size() - 1; i >= 0; i--) {
      next = new Link(filters.get(i), next);
    }
    return next;
  }

  /**
   * The links with a filter, in order, then {@code terminal}; with an {@code observer}, each link (and the
   * terminal, under the last link's name) tells it when a call enters.
   */
  static FilterChain build(OperationMeta op, List<ChainLink> links, FilterChain terminal, LinkObserver observer) {
    List<ChainLink> withFilters = links.stream().filter(l -> l.filter() != null).toList();
    FilterChain next = terminal;
    if (observer != null) {
      next = new Observed(op, links.get(links.size() - 1).name(), observer, terminal);
    }
    for (int i = withFilters.size() - 1; i >= 0; i--) {
      ChainLink link = withFilters.get(i);
      next = new Link(link.filter(), next);
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

  private record Link(Filter filter, FilterChain next) implements FilterChain {
    @Override
    public CompletableFuture<Response> proceed(Call call) {
      try {
        CompletableFuture<Response> result = filter.onFilter(call, next);
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

  /** Tells the observer a call entered {@code name}, then proceeds. */
  private record Observed(OperationMeta op, String name, LinkObserver observer, FilterChain next)
      implements FilterChain {
    @Override
    public CompletableFuture<Response> proceed(Call call) {
      observer.entered(op, name);
      return next.proceed(call);
    }
  }
}
