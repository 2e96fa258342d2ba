package io.axle.testing;

import io.axle.Axle;
import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.axle.registry.Endpoint;
import java.lang.ref.Reference;
import java.lang.ref.ReferenceQueue;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Starts the runtimes of a test and keeps their books, in the manner of Armeria's {@code ServerExtension}:
 * every runtime started through it gets a listener that records each invocation's start ({@link
 * Stage#CONSUMER_START} or {@link Stage#PROVIDER_RECEIVED}) and each end, keyed by the invocation itself.
 * After the test it checks that no consumer call is left in flight, closes the runtimes (last started first),
 * then checks that every invocation that started ended exactly once, waiting up to {@link #END_WAIT} for ends
 * that arrive after the close.
 *
 * <pre>{@code
 * @RegisterExtension final AxleExtension runtimes = new AxleExtension();
 *
 * @Test void echoes() {
 *   Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of());
 *   Axle consumer = runtimes.consumer(provider, "highway", Map.of());
 *   ...
 * }
 * }</pre>
 *
 * <p>Registered on a static field, runtimes started in {@code @BeforeAll} belong to the class: they are
 * checked and closed after the last test; those started in a test, after that test. A test that breaks an
 * invariant on purpose says so with {@link #expectUnended}, {@link #expectCallsInFlight} or {@link
 * #expectEndedTwice}; the check it skips is reported with the reason (a JUnit report entry and a line on
 * standard error), never dropped silently. A test that closes a runtime itself may: closing is idempotent,
 * and its books are still checked, though its in-flight check then finds nothing left to check.
 */
public final class AxleExtension implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback,
    AfterAllCallback {
  /** How long ends that arrive after the close (a provider's method finishing, a timer) are waited for. */
  public static final Duration END_WAIT = Duration.ofSeconds(10);
  /**
   * How long a consumer call may take to leave its transport's table after its caller saw the outcome: the
   * transport removes it on its event loop, which may run just after the caller's future completed.
   */
  private static final Duration IN_FLIGHT_WAIT = Duration.ofSeconds(2);

  private final Deque<Scope> scopes = new ArrayDeque<>();
  private final Duration endWait;

  public AxleExtension() {
    this(END_WAIT);
  }

  /** For the extension's own tests, which leave calls unended on purpose and need not wait the full time. */
  AxleExtension(Duration endWait) {
    this.endWait = endWait;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    push();
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    push();
  }

  @Override
  public void afterEach(ExtensionContext context) {
    pop().finish(context);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    pop().finish(context);
  }

  /** Starts {@code builder} with this extension's books listener added; closed after the test (or the class). */
  public Axle start(Axle.Builder builder) {
    Books books = new Books();
    Axle runtime = builder.listener(books).start();
    books.label(name(runtime));
    scope().add(new Entry(runtime, books, true));
    return runtime;
  }

  /** {@link Runtimes#providerBuilder}, started by {@link #start}. */
  public Axle provider(String transport, EchoService impl, Map<String, ?> extra) {
    return start(Runtimes.providerBuilder(transport, impl, extra));
  }

  /** {@link Runtimes#consumerBuilder} aimed at {@code provider}'s bound endpoint, started by {@link #start}. */
  public Axle consumer(Axle provider, String transport, Map<String, ?> extra) {
    return consumer(provider.endpoint(transport).orElseThrow(), transport, extra);
  }

  /** {@link Runtimes#consumerBuilder}, started by {@link #start}. */
  public Axle consumer(Endpoint endpoint, String transport, Map<String, ?> extra) {
    return start(Runtimes.consumerBuilder(endpoint, transport, extra));
  }

  /**
   * A books listener for a runtime started elsewhere (a Spring context, a test kit): add it to that runtime,
   * which its starter closes; its books are checked after the test like those of the runtimes started here.
   */
  public InvocationListener listener(String label) {
    Books books = new Books();
    books.label(label);
    scope().add(new Entry(null, books, false));
    return books;
  }

  /**
   * Checks {@code runtime}, started elsewhere, for consumer calls left in flight after the test and closes it
   * with the others. Its books are kept only if it was given a {@link #listener}.
   */
  public Axle manage(Axle runtime) {
    scope().add(new Entry(Objects.requireNonNull(runtime, "runtime"), null, true));
    return runtime;
  }

  /** The books of a runtime started by {@link #start}, to assert on what its calls did. */
  public Books books(Axle runtime) {
    for (Scope scope : scopes) {
      for (Entry entry : scope.entries) {
        if (entry.runtime == runtime && entry.books != null) {
          return entry.books;
        }
      }
    }
    throw new IllegalArgumentException("runtime " + name(runtime)
        + " was not started by this extension (expected: one returned by start, provider or consumer)");
  }

  /**
   * The test leaves invocations that started without an end on purpose (a method that never returns, a
   * connection cut mid-call with nothing to end the call on the other side): they are reported, not failed.
   */
  public void expectUnended(String reason) {
    scope().unended = requireReason(reason);
  }

  /** The test leaves consumer calls in flight on purpose when it ends: they are reported, not failed. */
  public void expectCallsInFlight(String reason) {
    scope().inFlight = requireReason(reason);
  }

  /** The test makes an invocation end more than once on purpose: it is reported, not failed. */
  public void expectEndedTwice(String reason) {
    scope().endedTwice = requireReason(reason);
  }

  private static String name(Axle runtime) {
    return runtime.config().getRaw("axle.service.name").orElse("unnamed runtime");
  }

  private static String requireReason(String reason) {
    if (reason == null || reason.isBlank()) {
      throw new IllegalArgumentException("reason: " + reason + " (expected: why the test breaks the invariant, "
          + "reported with its result)");
    }
    return reason;
  }

  private synchronized void push() {
    scopes.push(new Scope(endWait));
  }

  private synchronized Scope pop() {
    return scopes.pop();
  }

  private synchronized Scope scope() {
    Scope scope = scopes.peek();
    if (scope == null) {
      throw new IllegalStateException("AxleExtension is not active (expected: a field annotated "
          + "@RegisterExtension, static for runtimes started in @BeforeAll)");
    }
    return scope;
  }

  /** The runtimes and books of one test, or of a class for a static extension. */
  private static final class Scope {
    private final List<Entry> entries = new CopyOnWriteArrayList<>();
    private volatile String unended;
    private volatile String inFlight;
    private volatile String endedTwice;
    private final Duration endWait;

    Scope(Duration endWait) {
      this.endWait = endWait;
    }

    void add(Entry entry) {
      entries.add(entry);
    }

    void finish(ExtensionContext context) {
      // A test that failed keeps its own failure: its runtimes are closed, and its books not judged.
      boolean judge = context.getExecutionException().isEmpty();
      List<String> problems = new ArrayList<>();
      if (judge) {
        checkInFlight(context, problems);
      }
      RuntimeException closeFailure = closeAll();
      if (judge) {
        checkBooks(context, problems);
      }
      if (!problems.isEmpty()) {
        AssertionError failure = new AssertionError(String.join("\n", problems));
        if (closeFailure != null) {
          failure.addSuppressed(closeFailure);
        }
        throw failure;
      }
      if (closeFailure != null) {
        throw closeFailure;
      }
    }

    private void checkInFlight(ExtensionContext context, List<String> problems) {
      long deadline = System.nanoTime() + IN_FLIGHT_WAIT.toNanos();
      List<String> left = inFlight();
      while (!left.isEmpty() && System.nanoTime() < deadline) {
        sleep();
        left = inFlight();
      }
      if (left.isEmpty()) {
        return;
      }
      if (inFlight != null) {
        report(context, "consumer calls left in flight on purpose (" + inFlight + "): "
            + String.join("; ", left));
        return;
      }
      problems.add("consumer calls still in flight when the test ended: " + String.join("; ", left)
          + ". A call that is never answered nor failed stays in its transport's table; if the test leaves it "
          + "on purpose, call expectCallsInFlight(\"why\")");
    }

    private List<String> inFlight() {
      List<String> left = new ArrayList<>();
      for (Entry entry : entries) {
        if (entry.runtime == null) {
          continue;
        }
        Map<Endpoint, Integer> counts = entry.runtime.consumerCallsInFlight();
        String named = counts.entrySet().stream().filter(e -> e.getValue() > 0)
            .map(e -> e.getValue() + " to " + e.getKey()).collect(Collectors.joining(", "));
        if (!named.isEmpty()) {
          left.add(name(entry.runtime) + ": " + named);
        }
      }
      return left;
    }

    private RuntimeException closeAll() {
      RuntimeException failure = null;
      for (int i = entries.size() - 1; i >= 0; i--) {
        Entry entry = entries.get(i);
        if (!entry.close) {
          continue;
        }
        try {
          entry.runtime.close();
        } catch (RuntimeException e) {
          if (failure == null) {
            failure = e;
          } else {
            failure.addSuppressed(e);
          }
        }
      }
      return failure;
    }

    private void checkBooks(ExtensionContext context, List<String> problems) {
      List<Books> books = entries.stream().map(e -> e.books).filter(Objects::nonNull).toList();
      long deadline = System.nanoTime() + endWait.toNanos();
      // Ends that were expected to be missing are not waited for: the test said they will not come.
      while (unended == null && books.stream().anyMatch(b -> !b.unended().isEmpty())
          && System.nanoTime() < deadline) {
        sleep();
      }
      for (Books each : books) {
        problems.addAll(each.problems);
        Map<String, Integer> unendedOps = each.unended();
        if (!unendedOps.isEmpty()) {
          String what = each.label + ": " + count(unendedOps) + " invocation(s) started and never ended: "
              + unendedOps;
          if (unended != null) {
            report(context, "left unended on purpose (" + unended + "): " + what);
          } else {
            problems.add(what + " (waited " + endWait.toMillis() + " ms after the close). Each call must end "
                + "once, answered, failed or cancelled; if the test leaves one unended on purpose, call "
                + "expectUnended(\"why\")");
          }
        }
        Map<String, Integer> twice = each.endedMoreThanOnce();
        if (!twice.isEmpty()) {
          String what = each.label + ": " + count(twice) + " invocation(s) ended more than once: " + twice;
          if (endedTwice != null) {
            report(context, "ended twice on purpose (" + endedTwice + "): " + what);
          } else {
            problems.add(what + ". An invocation ends once; a second end means two paths completed it");
          }
        }
      }
    }

    /**
     * A check skipped on purpose: a JUnit report entry, and a line on the test's standard error, which Surefire
     * keeps with the test's output (it does not keep report entries).
     */
    private static void report(ExtensionContext context, String text) {
      context.publishReportEntry("axle.books", text);
      System.err.println("[axle books] " + context.getDisplayName() + ": " + text);
    }

    private static int count(Map<String, Integer> byOperation) {
      return byOperation.values().stream().mapToInt(Integer::intValue).sum();
    }

    private static void sleep() {
      try {
        Thread.sleep(20);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for the books to close", e);
      }
    }
  }

  /** A runtime (null for a listener given out for one started elsewhere), its books, whether to close it. */
  private record Entry(Axle runtime, Books books, boolean close) {
  }

  /**
   * Counts, per invocation (by identity), its start and its ends. Uses only the invocation's role, operation
   * and identity, so that it reads any call the listener is handed.
   *
   * <p>An invocation is held only while it is open: one that ended once is remembered weakly, as a second end
   * arrives with the invocation itself, so one that was collected cannot end again. The books of a long run (a
   * perf run makes millions of calls) thus weigh what is in flight, not every call made; those that never end stay
   * held until they are named.
   */
  public static final class Books implements InvocationListener {
    /** Started and not ended yet. */
    private final Map<Call, Record> open = new IdentityHashMap<>();
    /** Ended once. */
    private final WeakIdentitySet endedOnce = new WeakIdentitySet();
    /** Ended more than once: few, each named in the failure. */
    private final Map<Call, Record> endedAgain = new IdentityHashMap<>();
    private final Map<Role, Integer> started = new EnumMap<>(Role.class);
    private final Map<Role, Map<Status, Integer>> statuses = new EnumMap<>(Role.class);
    private final List<String> problems = new CopyOnWriteArrayList<>();
    private volatile String label = "runtime";

    private Books() {
    }

    void label(String label) {
      this.label = label;
    }

    @Override
    public void onStage(Call invocation, Stage stage) {
      if (stage != start(invocation.role())) {
        return;
      }
      Record record = new Record(invocation.role(), invocation.operation().qualifiedName());
      synchronized (this) {
        if (open.containsKey(invocation) || endedOnce.contains(invocation) || endedAgain.containsKey(invocation)) {
          problems.add(label + ": " + record.role + " " + record.operation + " started twice");
          return;
        }
        open.put(invocation, record);
        started.merge(record.role, 1, Integer::sum);
      }
    }

    @Override
    public void onEnd(Call invocation, Response response) {
      synchronized (this) {
        Record record = open.remove(invocation);
        if (record != null) {
          endedOnce.add(invocation);
        } else if (endedOnce.remove(invocation)) {
          record = new Record(invocation.role(), invocation.operation().qualifiedName());
          record.ends = 1;
          endedAgain.put(invocation, record);
        } else {
          record = endedAgain.get(invocation);
        }
        if (record == null) {
          problems.add(label + ": " + invocation.role() + " " + invocation.operation().qualifiedName()
              + " ended (" + response.status() + ") without a start (" + start(invocation.role()) + ")");
          return;
        }
        record.ends++;
        statuses.computeIfAbsent(record.role, r -> new EnumMap<>(Status.class)).merge(response.status(), 1,
            Integer::sum);
      }
    }

    private static Stage start(Role role) {
      return role == Role.CONSUMER ? Stage.CONSUMER_START : Stage.PROVIDER_RECEIVED;
    }

    /** How many invocations of {@code role} started. */
    public synchronized int started(Role role) {
      return started.getOrDefault(role, 0);
    }

    /** The status of each end of the invocations of {@code role}, in no particular order. */
    public synchronized List<Status> statuses(Role role) {
      List<Status> all = new ArrayList<>();
      statuses.getOrDefault(role, Map.of()).forEach((status, count) -> all.addAll(Collections.nCopies(count, status)));
      return all;
    }

    synchronized Map<String, Integer> unended() {
      return byOperation(open);
    }

    synchronized Map<String, Integer> endedMoreThanOnce() {
      return byOperation(endedAgain);
    }

    private static Map<String, Integer> byOperation(Map<Call, Record> records) {
      Map<String, Integer> counts = new TreeMap<>();
      for (Record record : records.values()) {
        counts.merge(record.role.name().toLowerCase(java.util.Locale.ROOT) + " " + record.operation, 1,
            Integer::sum);
      }
      return counts;
    }

    @Override
    public String toString() {
      return "books of " + label;
    }
  }

  private static final class Record {
    private final Role role;
    private final String operation;
    private int ends;

    Record(Role role, String operation) {
      this.role = role;
      this.operation = operation;
    }
  }

  /**
   * Objects by identity, not kept alive: what a {@code WeakHashMap} would be if it did not use {@code equals}, which
   * an invocation is free to override. Not thread-safe: {@link Books} holds its lock.
   */
  private static final class WeakIdentitySet {
    private final ReferenceQueue<Object> collected = new ReferenceQueue<>();
    private final Set<Key> keys = new HashSet<>();

    void add(Object object) {
      purge();
      keys.add(new Key(object, collected));
    }

    boolean contains(Object object) {
      purge();
      return keys.contains(new Key(object, null));
    }

    boolean remove(Object object) {
      purge();
      return keys.remove(new Key(object, null));
    }

    /** Drops the keys whose objects were collected: such a key equals only itself, which is what the set holds. */
    private void purge() {
      for (Reference<?> key = collected.poll(); key != null; key = collected.poll()) {
        keys.remove(key);
      }
    }

    private static final class Key extends WeakReference<Object> {
      private final int hash;

      Key(Object object, ReferenceQueue<Object> queue) {
        super(object, queue);
        this.hash = System.identityHashCode(object);
      }

      @Override
      public int hashCode() {
        return hash;
      }

      @Override
      public boolean equals(Object other) {
        if (other == this) {
          return true;
        }
        Object referent = get();
        return other instanceof Key key && referent != null && referent == key.get();
      }
    }
  }
}
