package io.axle.internal;

import io.axle.AxleException;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.executor.AxleExecutor;
import io.axle.executor.ExecutorKind;
import io.axle.executor.ExecutorOverloadedException;
import io.axle.executor.RefusableTask;
import io.axle.policy.Admission;
import io.axle.registry.Endpoint;
import io.axle.transport.InFlightCalls;
import io.axle.transport.ProviderOperation;
import java.util.List;
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
  private final InvocationListener listener;
  /** The runtime's provider calls between {@link #serve} and their answer: what a stop waits for. */
  private final InFlightCalls inFlight;
  /**
   * What the calls pass, swapped whole when the configuration changes ({@link #rewire}): each call reads it
   * once as it arrives, so a call in flight finishes on the executor and chain it started with.
   */
  private volatile Wiring wiring;

  /**
   * An executor, its description, the chain after its queue, and the admissions before it (docs/governance.md;
   * usually none).
   */
  record Wiring(AxleExecutor executor, String executorDescription, InvocationChain chain, Admission[] admissions,
      boolean inline) {
    Wiring(AxleExecutor executor, String executorDescription, InvocationChain chain, List<Admission> admissions) {
      // Inline: the executor runs each call on the thread that hands it over, at once.
      this(executor, executorDescription, chain, admissions.toArray(Admission[]::new),
          executor.kind() == ExecutorKind.INLINE);
    }
  }

  public ServedOperation(OperationMeta meta, Class<?> implementationType, AxleExecutor executor,
      String executorDescription, InvocationChain chain) {
    this(meta, implementationType, executor, executorDescription, chain, InvocationListener.NONE, new InFlightCalls());
  }

  public ServedOperation(OperationMeta meta, Class<?> implementationType, AxleExecutor executor,
      String executorDescription, InvocationChain chain, InvocationListener listener, InFlightCalls inFlight) {
    this(meta, implementationType, executor, executorDescription, chain, listener, inFlight, List.of());
  }

  public ServedOperation(OperationMeta meta, Class<?> implementationType, AxleExecutor executor,
      String executorDescription, InvocationChain chain, InvocationListener listener, InFlightCalls inFlight,
      List<Admission> admissions) {
    this.listener = listener;
    this.inFlight = inFlight;
    this.meta = meta;
    this.implementationType = implementationType;
    this.wiring = new Wiring(executor, executorDescription, chain, admissions);
  }

  /** New calls take {@code next}; those already in flight finish as they started. */
  void rewire(Wiring next) {
    wiring = next;
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
    return wiring.executor();
  }

  @Override
  public String executorDescription() {
    return wiring.executorDescription();
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
    long decodedNanos = invocation.markNow(Stage.PROVIDER_DECODED);
    inFlight.started();
    Wiring wiring = this.wiring;
    Admission.Ticket[] tickets = wiring.admissions().length == 0 ? null : admit(wiring, invocation, responder);
    if (tickets == NOT_ADMITTED) {
      return;
    }
    // An inline call starts right here, with nothing queued before it: the reading just made times its
    // start too (a clock reading is 25 ns, and a provider's readings were a tenth of its loop).
    Served served = new Served(wiring, invocation, responder, tickets, wiring.inline() ? decodedNanos : 0);
    AxleExecutor executor = wiring.executor();
    // An executor that takes bursts gets this iteration's requests together, as the loop's iteration ends.
    if (executor.takesBursts() && LoopBursts.add(executor, served)) {
      return;
    }
    try {
      executor.execute(served);
    } catch (RuntimeException e) { // ExecutorOverloadedException is one
      served.refused(e);
    } catch (Error e) {
      if (served.started) {
        throw e;
      }
      served.notQueued(e);
    }
  }

  /**
   * One admitted call: the task its executor runs, and its answer, which ends its in-flight count and
   * gives its admission tickets back once, with the response.
   */
  private final class Served implements RefusableTask, Consumer<Response> {
    private final Wiring wiring;
    private final Invocation invocation;
    private final Responder responder;
    private final Admission.Ticket[] tickets;
    /** Set by the thread that runs the task; read by the one that called execute, the same for inline. */
    boolean started;

    /** When the call started, if it starts on the thread that read it with nothing before it (inline); else 0. */
    private final long startsAtNanos;

    Served(Wiring wiring, Invocation invocation, Responder responder, Admission.Ticket[] tickets,
        long startsAtNanos) {
      this.wiring = wiring;
      this.invocation = invocation;
      this.responder = responder;
      this.tickets = tickets;
      this.startsAtNanos = startsAtNanos;
    }

    @Override
    public void run() {
      started = true;
      ServedOperation.this.run(wiring, invocation, this, startsAtNanos);
    }

    @Override
    public void refused(RuntimeException why) {
      if (why instanceof RejectedExecutionException) { // ExecutorOverloadedException is one
        if (started) {
          // An inline executor runs the task inside execute: this came after the method ran, from its
          // answer, which has ended the call already; a second answer would count it twice.
          log.warn("{}: answering failed after the method ran: {}", meta.qualifiedName(), why.toString());
          return;
        }
        if (why instanceof ExecutorOverloadedException) {
          Refusals.provider(meta, wiring.executorDescription(), why.getMessage());
        }
        accept(Response.failure(why instanceof ExecutorOverloadedException
            ? AxleException.notRun(Status.OVERLOADED, why.getMessage())
            : AxleException.notRun(Status.SHUTTING_DOWN, meta.qualifiedName() + " was not run: " + why.getMessage())));
        return;
      }
      if (started) {
        throw why;
      }
      notQueued(why);
    }

    /** An executor of the application's broke before taking the task: answered, counted out, tickets back. */
    void notQueued(Throwable why) {
      accept(Response.failure(Failures.internal(meta.qualifiedName() + " could not be queued to "
          + wiring.executorDescription(), why)));
    }

    @Override
    public void accept(Response response) {
      // Tickets first: a caller that calls again as soon as it has the answer finds the slot free.
      if (tickets != null) {
        release(wiring.admissions(), tickets, tickets.length, response);
      }
      try {
        responder.answer(invocation, response);
      } finally {
        inFlight.ended();
      }
    }
  }

  private static final Admission.Ticket[] NOT_ADMITTED = new Admission.Ticket[0];
  private static final LogGate ADMISSION_FAULTS = new LogGate();

  /**
   * The tickets of every admission, or {@link #NOT_ADMITTED} when one refused: the call is then
   * answered {@code OVERLOADED} (not run) here, on the event loop, and the tickets already taken
   * are given back with that answer.
   */
  private Admission.Ticket[] admit(Wiring wiring, Invocation invocation, Responder responder) {
    Admission[] admissions = wiring.admissions();
    Admission.Ticket[] tickets = new Admission.Ticket[admissions.length];
    for (int i = 0; i < admissions.length; i++) {
      Admission.Ticket ticket;
      String refusal;
      try {
        ticket = admissions[i].tryAdmit();
        refusal = ticket == null ? admissions[i].refusal() : null;
      } catch (RuntimeException e) {
        // A broken admission refuses rather than admits: it may be what keeps this provider alive.
        ticket = null;
        refusal = "its admission " + admissions[i].name() + " failed: " + e;
        long leftOut = ADMISSION_FAULTS.admit(meta);
        if (leftOut >= 0) {
          log.warn("admission {} of {} threw; the call is refused{}", admissions[i].name(), meta.qualifiedName(),
              LogGate.leftOut(leftOut), e);
        }
      }
      if (ticket == null) {
        String message = meta.qualifiedName() + " was not run: " + refusal;
        Refusals.provider(meta, admissions[i].name(), message);
        Response refused = Response.failure(AxleException.notRun(Status.OVERLOADED, message));
        try {
          release(admissions, tickets, i, refused);
          responder.answer(invocation, refused);
        } finally {
          inFlight.ended();
        }
        return NOT_ADMITTED;
      }
      tickets[i] = ticket;
    }
    return tickets;
  }

  private void release(Admission[] admissions, Admission.Ticket[] tickets, int count, Response response) {
    for (int i = 0; i < count; i++) {
      try {
        tickets[i].release(response);
      } catch (RuntimeException e) {
        long leftOut = ADMISSION_FAULTS.admit(meta);
        if (leftOut >= 0) {
          log.warn("admission {} of {} threw on release{}", admissions[i].name(), meta.qualifiedName(),
              LogGate.leftOut(leftOut), e);
        }
      }
    }
  }

  /** The admissions, as printed at start-up; empty when there are none. */
  public List<String> admissionNames() {
    return java.util.Arrays.stream(wiring.admissions()).map(Admission::name).toList();
  }

  private void run(Wiring wiring, Invocation invocation, Consumer<Response> responder, long startsAtNanos) {
    long started;
    if (startsAtNanos != 0) {
      started = startsAtNanos;
      invocation.markAt(Stage.PROVIDER_EXECUTE, started);
    } else {
      started = invocation.markNow(Stage.PROVIDER_EXECUTE);
    }
    if (invocation.isExpired(started)) {
      long waitedMicros = TimeUnit.NANOSECONDS.toMicros(System.nanoTime() - invocation.stageNanos(Stage.PROVIDER_RECEIVED));
      responder.accept(Response.failure(Status.DEADLINE_EXCEEDED, meta.qualifiedName()
          + " was not run: the caller's deadline passed " + waitedMicros / 1000.0
          + " ms after the request arrived, while it waited in the queue of " + wiring.executorDescription()));
      return;
    }
    CompletableFuture<Response> future;
    try {
      // As the call this thread serves: calls the method makes onwards inherit its deadline.
      future = invocation.proceedServing(wiring.chain());
    } catch (Throwable t) {
      future = CompletableFuture.completedFuture(Response.failure(Failures.fromProvider(meta, t)));
    }
    // A future that failed is answered below, through whenComplete: getNow would throw here.
    Response now = future.isDone() && !future.isCompletedExceptionally() ? future.getNow(null) : null;
    if (now != null) {
      invocation.mark(Stage.PROVIDER_EXECUTED);
      responder.accept(ran(now));
      return;
    }
    future.whenComplete((response, error) -> {
      invocation.mark(Stage.PROVIDER_EXECUTED);
      responder.accept(ran(response != null ? response : Response.failure(Failures.fromProvider(meta, error))));
    });
  }

  /**
   * What the chain answered, without a not-run mark: the method (or a filter) ran, and may have passed on
   * another call's refusal; only this class's own refusals before the method say it did not run.
   */
  private static Response ran(Response response) {
    AxleException error = response.error();
    return error != null && error.isNotRun() ? Response.failure(AxleException.relayed(error)) : response;
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
    return meta.qualifiedName() + " on " + wiring.executorDescription();
  }
}
