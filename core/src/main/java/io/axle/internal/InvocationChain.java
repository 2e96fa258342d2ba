package io.axle.internal;

import io.axle.Response;
import java.util.concurrent.CompletableFuture;

/**
 * A chain as the runtime walks it: each step gets the {@link Invocation} itself, so that the runtime's own
 * links (retries, hedging, the endpoint selection, the transport link, the method) reach what they set on
 * it without a cast, while a user's filter, adapted by {@link FilterChains}, sees only its {@link io.axle.Call}.
 */
@FunctionalInterface
public interface InvocationChain {
  CompletableFuture<Response> proceed(Invocation invocation);
}
