package io.axle.perf.consumer;

import io.axle.perf.PerfService;
import io.axle.perf.PerfServiceAsync;
import io.axle.spring.RpcReference;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * The consumer's two views of {@code perf1}'s schema, injected by the starter: the blocking one the sync
 * driver (and the start-up probe) calls, the {@code CompletableFuture} one the async driver calls. Same
 * schema, same wire format; the interface decides whether a call blocks.
 */
@Component
@Profile("consumer")
class PerfReferences {

  @RpcReference(microserviceName = PerfService.SERVICE_NAME, schemaId = PerfService.SCHEMA_ID)
  private PerfService sync;

  @RpcReference(microserviceName = PerfService.SERVICE_NAME, schemaId = PerfService.SCHEMA_ID)
  private PerfServiceAsync async;

  PerfService sync() {
    return sync;
  }

  PerfServiceAsync async() {
    return async;
  }
}
