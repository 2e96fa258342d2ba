package io.axle.internal;

import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.contract.OperationMeta;
import io.axle.registry.Endpoint;
import io.axle.transport.Attempt;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The chassis' record of one call, and of each attempt of it: what filters and listeners read as a
 * {@link Call}, what a transport may change as an {@link Attempt} (its stage marks, its writes, its end),
 * and what only the runtime's own links set — the transport, the endpoint, the deadline's origin,
 * hedging and cancellation. Made only by the runtime (its constructors are package-private): a filter
 * or a transport cannot make one, so every call a chain or a transport sees is the runtime's.
 *
 * <p>An invocation is owned by one call and handed from thread to thread along it (caller, event
 * loop, executor); each hand-off goes through a queue or a future, which orders the writes, so
 * it needs no locks of its own.
 */
public final class Invocation implements Attempt {
  /** The provider call this thread serves now: set around its chain, read by calls made onwards. */
  private static final ThreadLocal<Invocation> SERVING = new ThreadLocal<>();

  private final Role role;
  private final OperationMeta operation;
  private final Object[] args;
  private final InvocationListener listener;
  private final long[] stageNanos = new long[Stage.values().length];
  private Map<String, String> context;
  private long deadlineNanos;
  private String transport;
  private Endpoint endpoint;
  /**
   * Consumer: how many times a transport wrote this call's request to a connection. Written on an
   * event loop and read after the attempt's future completed, which orders the two.
   */
  private int requestWrites;
  /** Attempts sent after the first: retries, and a hedge (counted on the call the caller made). */
  private int extraAttempts;
  /** Consumer: the operation of the provider call whose deadline this one took, sooner than its own; else null. */
  private String deadlineFrom;
  /** The key that set this consumer call's own timeout, for the timeout's message; or null. */
  private String timeoutKey;
  /** Set for the attempts of a hedged call only: how the transport link cancels the one in flight. */
  private boolean cancellable;
  /** True for a hedge: a second attempt made by {@link #hedgeAttempt}. */
  private boolean hedge;
  private volatile Runnable canceller;
  private volatile boolean cancelled;

  /** An invocation nobody listens to. */
  Invocation(Role role, OperationMeta operation, Object[] args) {
    this(role, operation, args, InvocationListener.NONE);
  }

  /** An invocation whose stages and end {@code listener} hears. */
  Invocation(Role role, OperationMeta operation, Object[] args, InvocationListener listener) {
    this.role = role;
    this.operation = operation;
    this.args = args == null ? new Object[0] : args;
    this.listener = listener == null ? InvocationListener.NONE : listener;
  }

  @Override
  public Role role() {
    return role;
  }

  @Override
  public OperationMeta operation() {
    return operation;
  }

  @Override
  public Object[] args() {
    return args;
  }

  @Override
  public Map<String, String> context() {
    if (context == null) {
      context = new HashMap<>(4);
    }
    return context;
  }

  /** The context without creating it: {@code null} when no entry was ever set. */
  @Override
  public Map<String, String> contextOrNull() {
    return context;
  }

  @Override
  public long deadlineNanos() {
    return deadlineNanos;
  }

  @Override
  public void deadlineNanos(long deadlineNanos) {
    this.deadlineNanos = deadlineNanos;
  }

  @Override
  public long remainingNanos() {
    return deadlineNanos == 0 ? Long.MAX_VALUE : deadlineNanos - System.nanoTime();
  }

  @Override
  public boolean isExpired() {
    return deadlineNanos != 0 && deadlineNanos - System.nanoTime() <= 0;
  }

  /**
   * The clock now ({@link System#nanoTime()}) if this call needs it, for a deadline or a listener;
   * otherwise 0, with the clock not read. Where a transport makes several marks and deadline checks
   * in one instant, one reading serves them all ({@link #markAt}, {@link #remainingNanos(long)}):
   * at 25 ns a reading, clock reads were a tenth of a call's CPU on each side.
   */
  @Override
  public long nowIfTimed() {
    return deadlineNanos != 0 || listener != InvocationListener.NONE ? System.nanoTime() : 0;
  }

  /**
   * {@link #remainingNanos()} as of {@code nowNanos}, a reading {@link #nowIfTimed} made; with 0 (none
   * was made) the clock is read.
   */
  @Override
  public long remainingNanos(long nowNanos) {
    return deadlineNanos == 0 ? Long.MAX_VALUE : deadlineNanos - (nowNanos != 0 ? nowNanos : System.nanoTime());
  }

  /**
   * {@link #isExpired()} as of {@code nowNanos}, a reading {@link #markNow} or {@link #nowIfTimed}
   * made; with 0 (none was made) the clock is read.
   */
  @Override
  public boolean isExpired(long nowNanos) {
    return deadlineNanos != 0 && deadlineNanos - (nowNanos != 0 ? nowNanos : System.nanoTime()) <= 0;
  }

  @Override
  public String transport() {
    return transport;
  }

  /** Set by the chassis: the transport the reference or the server is. */
  void transport(String transport) {
    this.transport = transport;
  }

  @Override
  public Endpoint endpoint() {
    return endpoint;
  }

  /** Set by the chassis: the endpoint selection link (consumer), the transport (provider: the caller). */
  void endpoint(Endpoint endpoint) {
    this.endpoint = endpoint;
  }

  /**
   * The call reached {@code stage} now. Read the clock only when a listener hears it: a call
   * nobody listens to pays for no stage but those the runtime itself needs, which it times
   * with {@link #mark(Stage, long)}.
   */
  @Override
  public void mark(Stage stage) {
    if (listener != InvocationListener.NONE) {
      mark(stage, System.nanoTime());
    }
  }

  /**
   * As {@link #mark(Stage)}, returning the clock reading it made, for the marks and deadline checks
   * of the same instant; 0 when nobody listens (the clock was not read).
   */
  @Override
  public long markNow(Stage stage) {
    if (listener == InvocationListener.NONE) {
      return 0;
    }
    long now = System.nanoTime();
    mark(stage, now);
    return now;
  }

  /**
   * The call reached {@code stage} at {@code nanos}, a reading {@link #nowIfTimed} or {@link
   * #markNow} made; nothing when that is 0 (nobody listens, and the clock was not read).
   */
  @Override
  public void markAt(Stage stage, long nanos) {
    if (nanos != 0 && listener != InvocationListener.NONE) {
      mark(stage, nanos);
    }
  }

  /**
   * The call reached {@code stage} at {@code nanos}: always recorded, for stages the runtime
   * reads (the start a deadline counts from) or timed before the invocation existed.
   */
  public void mark(Stage stage, long nanos) {
    if (cancelled) {
      // A hedged attempt that lost: the call has ended for its listeners.
      return;
    }
    stageNanos[stage.ordinal()] = nanos;
    try {
      listener.onStage(this, stage);
    } catch (RuntimeException ignored) {
      // The contract says listeners don't throw; one that does must not fail the call.
    }
  }

  /**
   * Set by the transport, on the loop, once it handed the request (or a part of it) to a
   * connection: from then on the call may run at the provider, so the chassis never sends it to
   * another instance on its own. Counted whether or not anyone listens; also marks
   * {@link Stage#CONSUMER_WRITTEN} ({@code markStage} false: a transport's own resend, timed
   * inside the first write's wait).
   */
  @Override
  public void requestWritten(boolean markStage) {
    requestWrites++;
    if (markStage) {
      mark(Stage.CONSUMER_WRITTEN);
    }
  }

  /**
   * The provider call this thread is serving (its filters and method run inside it), or null: what
   * a consumer call made onwards takes its deadline from. {@link Call#current()} is the filters' view.
   */
  public static Invocation serving() {
    return SERVING.get();
  }

  /**
   * Runs {@code chain} for this provider call with it as {@link #serving()} on this thread, so that
   * calls its method makes onwards, on this thread, inherit what is left of its deadline. Restores
   * what was there before (a provider call served inline inside another).
   */
  CompletableFuture<Response> proceedServing(InvocationChain chain) {
    Invocation before = SERVING.get();
    SERVING.set(this);
    try {
      return chain.proceed(this);
    } finally {
      // set, not remove, even to null: the thread keeps its entry, so the next call costs no insert.
      SERVING.set(before);
    }
  }

  /**
   * Consumer, set by the chassis: the deadline was taken from {@code served}, the provider call
   * this one was made while serving, being sooner than this call's own timeout.
   */
  void deadlineFrom(Invocation served) {
    // Its name only: the onward call must not keep the served call's arguments alive.
    this.deadlineFrom = served.operation().qualifiedName();
  }

  /**
   * Consumer, set by the chassis: the configuration key that gave this call its timeout, e.g.
   * {@code axle.request.timeout.orders.OrderApi.slow}, so that a timeout names the key to change.
   */
  void timeoutKey(String key) {
    this.timeoutKey = key;
  }

  /** The key that gave this call its own timeout ({@link #timeoutKey(String)}), or null. */
  @Override
  public String timeoutKey() {
    return timeoutKey;
  }

  /** The operation of the provider call the deadline was inherited from, or null when it is the call's own. */
  @Override
  public String deadlineFrom() {
    return deadlineFrom;
  }

  /**
   * Consumer, for hedging: a second attempt of this call, sent in parallel to another instance. It has
   * this call's operation, arguments, context, deadline and transport, and this attempt's endpoint (so
   * the selection avoids it while another instance is listed), but marks, writes and cancellation of
   * its own, and no listener: the call is one call to whoever listens, however many attempts it took.
   */
  Invocation hedgeAttempt() {
    Invocation attempt = new Invocation(role, operation, args, InvocationListener.NONE);
    if (context != null) {
      attempt.context = new HashMap<>(context);
    }
    attempt.deadlineNanos = deadlineNanos;
    attempt.deadlineFrom = deadlineFrom;
    attempt.timeoutKey = timeoutKey;
    attempt.transport = transport;
    attempt.endpoint = endpoint;
    attempt.stageNanos[Stage.CONSUMER_START.ordinal()] = stageNanos[Stage.CONSUMER_START.ordinal()];
    attempt.cancellable = true;
    attempt.hedge = true;
    return attempt;
  }

  /** True for an attempt made by {@link #hedgeAttempt}: the selection sends it to another instance or nowhere. */
  boolean isHedge() {
    return hedge;
  }

  /** Consumer, for hedging: this attempt may be cancelled, so the transport link registers how. */
  void markCancellable() {
    this.cancellable = true;
  }

  /** True once {@link #cancel} was called: the attempt is not sent if it was not yet, and marks nothing more. */
  boolean isCancelled() {
    return cancelled;
  }

  /** True for the attempts of a hedged call: the transport link then registers {@link #onCancel}. */
  @Override
  public boolean isCancellable() {
    return cancellable;
  }

  /** Set by the transport link for a cancellable attempt: what stops waiting for it (the last one set). */
  void onCancel(Runnable canceller) {
    this.canceller = canceller;
    if (cancelled) {
      canceller.run();
    }
  }

  /**
   * Gives up on this attempt: not sent if it was not yet, its answer ignored if it was (highway and
   * HTTP/1.1 have no way to tell the provider, which finishes the work). Another attempt answered.
   */
  void cancel() {
    cancelled = true;
    Runnable cancel = canceller;
    if (cancel != null) {
      cancel.run();
    }
  }

  /**
   * Another attempt of this call is about to be sent: a retry, or a hedge. Counted once per attempt, by
   * the link that sends it, so that metrics can show how many attempts the caller did not see.
   */
  void attemptedAgain() {
    extraAttempts++;
  }

  /** Attempts sent after the first ({@link #attemptedAgain}); 0 for a call that went once. */
  @Override
  public int extraAttempts() {
    return extraAttempts;
  }

  /** How many times a transport wrote this call's request ({@link #requestWritten}); 0 if never. */
  int requestWrites() {
    return requestWrites;
  }

  /** The call ended with {@code response}; called once, by whoever ends the call. */
  @Override
  public void end(Response response) {
    try {
      listener.onEnd(this, response);
    } catch (RuntimeException ignored) {
      // As in mark.
    }
  }

  /**
   * When a stage was reached, on the {@link System#nanoTime()} clock; 0 if it was not, or if
   * nobody listened (only {@link Stage#CONSUMER_START} and {@link Stage#PROVIDER_RECEIVED} are
   * always timed).
   */
  @Override
  public long stageNanos(Stage stage) {
    return stageNanos[stage.ordinal()];
  }

  @Override
  public String toString() {
    return role.name().toLowerCase() + " " + operation.qualifiedName()
        + (endpoint == null ? "" : " @ " + endpoint);
  }
}
