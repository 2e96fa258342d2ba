package io.axle.internal;

import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Response;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Builds a chain once at start-up: one object per link, so a call walks it without allocating
 * anything for the chain itself.
 */
public final class FilterChains {
  private FilterChains() {
  }

  public static FilterChain build(List<Filter> filters, FilterChain terminal) {
    FilterChain next = terminal;
    for (int i = filters.size() - 1; i >= 0; i--) {
      next = new Link(filters.get(i), next);
    }
    return next;
  }

  /** {@code [a, b] -> terminal}, for the start-up log. */
  public static String describe(List<Filter> filters, String terminal) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < filters.size(); i++) {
      sb.append(i == 0 ? "" : ", ").append(filters.get(i).name());
    }
    return sb.append("] -> ").append(terminal).toString();
  }

  /** The consumer chain every reference gets: the user's filters, the endpoint selection, the transport. */
  public static String describeConsumer(List<Filter> filters, String balancer) {
    List<String> names = new java.util.ArrayList<>(filters.size() + 1);
    filters.forEach(f -> names.add(f.name()));
    names.add(EndpointSelection.NAME_PREFIX + balancer + ")");
    return "[" + String.join(", ", names) + "] -> " + EndpointSelection.TransportLink.NAME;
  }

  private record Link(Filter filter, FilterChain next) implements FilterChain {
    @Override
    public CompletableFuture<Response> proceed(io.axle.Call call) {
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
}
