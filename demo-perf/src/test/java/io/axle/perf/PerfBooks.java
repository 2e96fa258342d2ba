package io.axle.perf;

import io.axle.InvocationListener;
import io.axle.spring.AxleBuilderCustomizer;
import io.axle.testing.AxleExtension;
import java.util.Deque;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.platform.launcher.LauncherSession;
import org.junit.platform.launcher.LauncherSessionListener;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * An {@link AxleExtension} that also keeps the books of the perf applications started in this JVM while it is
 * active: the runtime of each one, however it starts ({@link PerfMain#run} as producer, consumer, loopback consumer or
 * proxy, each step of a series, {@code Producer.start} and the restarts of a producer's control, {@code Proxy.start})
 * and on whichever thread, gets the extension's books listener, and its calls are checked after the test like those
 * of the runtimes started through {@link #runtimes()}. The applications close their runtimes themselves before the
 * test ends ({@link PerfMain#run} returns once its context is closed), and a graceful stop answers or fails what is
 * still in flight: so, as in the starter's tests, what is checked is the books, every call that started ended exactly
 * once, not calls in flight, of which a closed runtime has none left.
 *
 * <pre>{@code
 * @RegisterExtension final PerfBooks books = new PerfBooks();
 * }</pre>
 *
 * <p>Registered on a static field, applications started in {@code @BeforeAll} belong to the class, as with
 * {@link AxleExtension}; a producer shared by a class is {@link SharedProducer}'s, which keeps its books itself.
 *
 * <p>Every test in this module's JVMs is held to it: {@link Guard} hands {@link PerfApplication} the listener bean,
 * and a runtime that starts while no books are active fails its start, naming this class. Producers and proxies that
 * {@code --loopback} starts are child processes, other JVMs: they keep no books (their consumer, in this one, does).
 */
public final class PerfBooks implements BeforeAllCallback, BeforeEachCallback, AfterEachCallback, AfterAllCallback {
  /** The extensions active now, innermost first: a test's over its class's. */
  private static final Deque<AxleExtension> ACTIVE = new ConcurrentLinkedDeque<>();

  private final AxleExtension runtimes = new AxleExtension();

  /** The extension that keeps the books: for runtimes the test starts by hand, and to expect a broken invariant. */
  public AxleExtension runtimes() {
    return runtimes;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    runtimes.beforeAll(context);
    ACTIVE.push(runtimes);
  }

  @Override
  public void beforeEach(ExtensionContext context) {
    runtimes.beforeEach(context);
    ACTIVE.push(runtimes);
  }

  @Override
  public void afterEach(ExtensionContext context) {
    ACTIVE.removeFirstOccurrence(runtimes);
    runtimes.afterEach(context);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    ACTIVE.removeFirstOccurrence(runtimes);
    runtimes.afterAll(context);
  }

  /**
   * Starts what {@code start} starts with {@code runtimes}' books, whatever else is active: for a fixture that keeps
   * books of its own over a different span than the test's, such as {@link SharedProducer}'s class-long producer.
   */
  static <T> T during(AxleExtension runtimes, Supplier<T> start) {
    ACTIVE.push(runtimes);
    try {
      return start.get();
    } finally {
      ACTIVE.removeFirstOccurrence(runtimes);
    }
  }

  /**
   * {@link PerfApplication#testInitializer}: a customizer bean, which the starter calls only when it builds the
   * runtime, so an application that fails its configuration before that needs no books.
   */
  private static void addBooks(ConfigurableApplicationContext context) {
    String label = context.getEnvironment().getProperty("axle.service.name", "perf application");
    AxleBuilderCustomizer books = builder -> builder.listener(listener(label));
    context.getBeanFactory().registerSingleton("perfBooks", books);
  }

  private static InvocationListener listener(String label) {
    AxleExtension runtimes = ACTIVE.peek();
    if (runtimes == null) {
      throw new IllegalStateException("the runtime of perf application " + label + " started in a test that keeps "
          + "no books (expected: @RegisterExtension final PerfBooks books = new PerfBooks() in the test class, or a "
          + "SharedProducer for a producer shared by the class: every runtime a test starts has its calls checked)");
    }
    return runtimes.listener(label);
  }

  /**
   * Installs {@link #addBooks} for the whole test run, registered in {@code META-INF/services}: so a test that starts
   * a perf application without books fails, rather than going unchecked. The children of {@code --loopback} run no
   * JUnit session and are left alone.
   */
  public static final class Guard implements LauncherSessionListener {
    @Override
    public void launcherSessionOpened(LauncherSession session) {
      PerfApplication.testInitializer = PerfBooks::addBooks;
    }

    @Override
    public void launcherSessionClosed(LauncherSession session) {
      PerfApplication.testInitializer = null;
    }
  }
}
