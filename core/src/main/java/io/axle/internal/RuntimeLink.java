package io.axle.internal;

import io.axle.Response;
import java.util.concurrent.CompletableFuture;

/**
 * A link of a chain the runtime itself provides (retries, hedging, the endpoint selection, fault
 * injection): it is given the {@link Invocation}, where a user's {@link io.axle.Filter} is given the call's
 * {@link io.axle.Call}.
 */
interface RuntimeLink {
  /** Handles {@code invocation}: usually proceeds with {@code next.proceed(invocation)}, possibly more than once. */
  CompletableFuture<Response> onInvocation(Invocation invocation, InvocationChain next);

  /** The name its chain's description gives it. */
  String name();
}
