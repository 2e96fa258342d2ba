package io.axle.metrics.observation;

import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.metrics.internal.Spans;
import io.axle.registry.Endpoint;
import io.micrometer.common.KeyValue;
import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.observation.transport.Kind;
import io.micrometer.observation.transport.ReceiverContext;
import io.micrometer.observation.transport.SenderContext;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * One side's observation of a call, its key values named after OpenTelemetry's RPC conventions.
 *
 * <p>{@link #client}: its parent is the observation current on the calling thread (an incoming HTTP
 * request, or the provider call this call is made from), and starting it lets the tracing bridge write the
 * trace context into the call's context entries, which the transport sends. {@link #server}: the bridge
 * reads the caller's trace context from the call's context entries, so the span continues the caller's
 * trace. Either is in scope on the thread that runs the rest of the chain (the operation's executor
 * thread on the provider) until the chain returns, and stops when the call's answer is complete.
 */
final class ObservationFilter implements Filter {
  private final ObservationRegistry registry;
  private final String name;
  private final Function<Call, Observation.Context> contexts;
  private final boolean stages;

  private ObservationFilter(ObservationRegistry registry, String name, Function<Call, Observation.Context> contexts,
      boolean stages) {
    this.registry = registry;
    this.name = name;
    this.contexts = contexts;
    this.stages = stages;
  }

  static ObservationFilter client(ObservationRegistry registry, boolean stages) {
    return new ObservationFilter(registry, AxleObservations.CLIENT, call -> {
      SenderContext<Call> context = new SenderContext<>((carrier, key, value) -> carrier.context().put(key, value),
          Kind.CLIENT);
      context.setCarrier(call);
      return context;
    }, stages);
  }

  static ObservationFilter server(ObservationRegistry registry, boolean stages) {
    return new ObservationFilter(registry, AxleObservations.SERVER, call -> {
      ReceiverContext<Call> context = new ReceiverContext<>((carrier, key) -> carrier.context().get(key), Kind.SERVER);
      context.setCarrier(call);
      return context;
    }, stages);
  }

  @Override
  public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
    Observation.Context context = contexts.apply(call);
    Observation observation = Observation.createNotStarted(name, () -> context, registry)
        .contextualName(call.operation().schemaId() + "/" + call.operation().name())
        .lowCardinalityKeyValue(KeyValue.of("rpc.system", "axle"))
        .lowCardinalityKeyValue(KeyValue.of("rpc.service", call.operation().schemaId()))
        .lowCardinalityKeyValue(KeyValue.of("rpc.method", call.operation().name()))
        .start();
    CompletableFuture<Response> answer;
    try (Observation.Scope scope = observation.openScope()) {
      answer = next.proceed(call);
    } catch (RuntimeException | Error e) {
      end(observation, call, null, e);
      throw e;
    }
    return answer.whenComplete((response, failure) -> end(observation, call, response, failure));
  }

  /** What is known when the call ends: the transport, the status, the other side, the stages; then the stop. */
  private void end(Observation observation, Call call, Response response, Throwable failure) {
    if (stages) {
      stages(observation, call);
    }
    String transport = call.transport();
    observation.lowCardinalityKeyValue(KeyValue.of("axle.transport", transport == null ? "none" : transport));
    Endpoint peer = call.endpoint();
    if (peer != null) {
      observation.highCardinalityKeyValue(KeyValue.of("axle.peer", peer.host() + ":" + peer.port()));
    }
    if (failure != null) {
      observation.lowCardinalityKeyValue(KeyValue.of("axle.status", "INTERNAL_ERROR"));
      observation.error(failure);
    } else {
      observation.lowCardinalityKeyValue(KeyValue.of("axle.status", response.status().name()));
      if (!response.isOk()) {
        observation.error(response.error());
      }
    }
    observation.stop();
  }

  /**
   * Each stage the call has gone through by now (docs/metrics.md's names), as {@code axle.stage.<name>.us}: on
   * the consumer all of them, from prepare to decode; on the provider decode and queue, which came before the
   * span began (execute is the span itself; the answer is encoded and sent after it ends). Span attributes
   * only: high-cardinality values.
   */
  private static void stages(Observation observation, Call invocation) {
    Role role = invocation.role();
    String[] names = Spans.names(role);
    Stage[] from = Spans.from(role);
    Stage[] to = Spans.to(role);
    for (int i = 0; i < names.length; i++) {
      long start = invocation.stageNanos(from[i]);
      long end = invocation.stageNanos(to[i]);
      if (start != 0 && end != 0 && end >= start) {
        observation.highCardinalityKeyValue(KeyValue.of("axle.stage." + names[i] + ".us",
            Long.toString((end - start) / 1000)));
      }
    }
  }

  @Override
  public String name() {
    return "observation";
  }
}
