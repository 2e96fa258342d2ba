package io.axle;

import java.util.concurrent.CompletableFuture;

/** The rest of a chain, as seen from one {@link Filter}. */
@FunctionalInterface
public interface FilterChain {
  CompletableFuture<Response> proceed(Call call);
}
