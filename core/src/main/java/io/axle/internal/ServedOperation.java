package io.axle.internal;

import io.axle.AxleException;
import io.axle.FilterChain;
import io.axle.Invocation;
import io.axle.InvocationListener;
import io.axle.Role;
import io.axle.Response;
import io.axle.Stage;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.executor.AxleExecutor;
import io.axle.executor.ExecutorOverloadedException;
import io.axle.registry.Endpoint;
import io.axle.transport.InFlightCalls;
import io.axle.transport.ProviderOperation;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The runtime's {@link ProviderOperation}: one served operation with its executor, its provider
 * chain and the runtime's listeners.
 */
public final class ServedOperation implements ProviderOperation {
  private static final Logger log = LoggerFactory.getLogger("io.axle.provider");
  private static final LogGate REJECTED = new LogGate();

  private final OperationMeta meta;
  private final Class<?> implementationType;
  private final AxleExecutor executor;
  private final String executorDescription;
  private final FilterChain chain;
  private final InvocationListener listener;
  /** The runtime's provider calls between {@link #serve} and their answer: what a stop waits for. */
  private final InFlightCalls inFlight;

  public ServedOperation(OperationMeta meta, Class<?> implementationType, AxleExecutor executor,
      String executorDescription, FilterChain chain) {
    this(meta, implementationType, executor, executorDescription, chain, InvocationListener.NONE, new InFlightCalls());
  }

  public ServedOperation(OperationMeta meta, Class<?> implementationType, AxleExecutor executor,
      String executorDescription, FilterChain chain, InvocationListener listener, InFlightCalls inFlight) {
    this.listener = listener;
    this.inFlight = inFlight;
    this.meta = meta;
    this.implementationType = implementationType;
    this.executor = executor;
    this.executorDescription = executorDescription;
    this.chain = chain;
  }

  @Override
  public OperationMeta meta() {
    return meta;
  }

  private Invocation newInvocation(Object[] args) {
    return new Invocation(Role.PROVIDER, meta, args, listener);
  }

  @Override
  public Class<?> implementationType() {
    return implementationType;
  }

  @Override
  public AxleExecutor executor() {
    return executor;
  }

  @Override
  public String executorDescription() {
    return executorDescription;
  }

  @Override
  public void serve(Object[] args, long receivedNanos, long timeoutNanos, Map<String, String> context,
      String transport, Endpoint caller, Responder responder) {
    Invocation invocation = newInvocation(args);
    invocation.mark(Stage.PROVIDER_RECEIVED, receivedNanos);
    if (timeoutNanos != NO_DEADLINE) {
      // A time left that is already negative is a deadline that has passed, not none.
      long deadline = receivedNanos + Math.max(0, timeoutNanos);
      // 0 means no deadline on the nanoTime clock: one nanosecond later is the same deadline.
      invocation.deadlineNanos(deadline == 0 ? 1 : deadline);
    }
    if (context != null) {
      invocation.context().putAll(context);
    }
    invocation.transport(transport);
    invocation.endpoint(caller);
    invocation.mark(Stage.PROVIDER_DECODED);
    inFlight.started();
    Consumer<Response> answer = response -> {
      try {
        responder.answer(invocation, response);
      } finally {
        inFlight.ended();
      }
    };
    try {
      executor.execute(() -> run(invocation, answer));
    } catch (ExecutorOverloadedException e) {
      answer.accept(Response.failure(Status.OVERLOADED, e.getMessage()));
    } catch (RejectedExecutionException e) {
      answer.accept(Response.failure(Status.SHUTTING_DOWN,
          meta.qualifiedName() + " was not run: " + e.getMessage()));
    }
  }

  private void run(Invocation invocation, Consumer<Response> responder) {
    invocation.mark(Stage.PROVIDER_EXECUTE);
    if (invocation.isExpired()) {
      long waitedMicros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - invocation.stageNanos(Stage.PROVIDER_RECEIVED));
      responder.accept(Response.failure(Status.DEADLINE_EXCEEDED, meta.qualifiedName()
          + " was not run: the caller's deadline passed " + waitedMicros / 1000.0
          + " ms after the request arrived, while it waited in the queue of " + executorDescription));
      return;
    }
    CompletableFuture<Response> future;
    try {
      // As the call this thread serves: calls the method makes onwards inherit its deadline.
      future = invocation.proceedServing(chain);
    } catch (Throwable t) {
      future = CompletableFuture.completedFuture(Response.failure(Failures.fromProvider(meta, t)));
    }
    // A future that failed is answered below, through whenComplete: getNow would throw here.
    Response now = future.isDone() && !future.isCompletedExceptionally() ? future.getNow(null) : null;
    if (now != null) {
      invocation.mark(Stage.PROVIDER_EXECUTED);
      responder.accept(now);
      return;
    }
    future.whenComplete((response, error) -> {
      invocation.mark(Stage.PROVIDER_EXECUTED);
      responder.accept(response != null ? response : Response.failure(Failures.fromProvider(meta, error)));
    });
  }

  @Override
  public void rejected(long receivedNanos, String transport, Endpoint caller, AxleException error) {
    Invocation invocation = newInvocation(new Object[meta.parameterCount()]);
    invocation.transport(transport);
    invocation.endpoint(caller);
    invocation.mark(Stage.PROVIDER_RECEIVED, receivedNanos);
    invocation.end(Response.failure(error));
    long leftOut = REJECTED.admit(meta);
    if (leftOut >= 0) {
      log.warn("{} from {} over {}: {} {}{}", meta.qualifiedName(), caller, transport, error.status(),
          loggable(error.getMessage()), LogGate.leftOut(leftOut));
    }
  }

  /** A peer's text for the log: one line, at most 500 characters. */
  private static String loggable(String message) {
    String text = message == null ? "" : message.length() > 500 ? message.substring(0, 500) + "..." : message;
    StringBuilder line = new StringBuilder(text.length());
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      line.append(Character.isISOControl(c) ? '?' : c);
    }
    return line.toString();
  }

  @Override
  public String toString() {
    return meta.qualifiedName() + " on " + executorDescription;
  }
}
