package io.axle;

import java.util.concurrent.CompletableFuture;

/**
 * One link of a filter chain. The same type serves consumer and provider chains on every
 * transport.
 *
 * <p>A filter sees the {@link Call}: what it may read and change; the chassis keeps the rest.
 *
 * <p>A filter runs on whatever thread called it (a caller thread on the consumer side; the
 * operation's executor on the provider side) and must not block an event loop. It returns the
 * future of the rest of the chain, possibly transformed; a failure is a {@link Response} with an
 * error, not an exceptionally completed future.
 */
@FunctionalInterface
public interface Filter {
  /**
   * Handles {@code call}: usually does something, proceeds with {@code next.proceed(call)} and
   * returns that future, possibly transformed. A filter may proceed more than once (a retry).
   */
  CompletableFuture<Response> onFilter(Call call, FilterChain next);

  /** The name printed in the resolved chains at start-up. */
  default String name() {
    return getClass().getSimpleName().isEmpty() ? getClass().getName() : getClass().getSimpleName();
  }
}
