package io.axle.perf;

import io.axle.perf.producer.Producer;
import io.axle.testing.AxleExtension;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One producer ({@link TestProducers#start}) for all the tests of a class: started before the first,
 * closed after the last. Register it as a static field:
 * {@code @RegisterExtension static final SharedProducer shared = new SharedProducer(Map.of());}
 *
 * <p>It keeps the books of its producer itself, for the class: the calls of every test end up on the same
 * producer, so they are checked once it is closed, after the last test. The consumers the tests run keep
 * theirs in the test's {@link PerfBooks}.
 */
public final class SharedProducer implements BeforeAllCallback, AfterAllCallback {
  private final Map<String, ?> extra;
  /** Its own, not a registered field: the producer must start after its scope opens and close before it is checked. */
  private final AxleExtension runtimes = new AxleExtension();
  private Producer producer;

  /** {@code extra}: {@code --key=value} settings over the test defaults of {@link TestProducers#start}. */
  public SharedProducer(Map<String, ?> extra) {
    this.extra = extra;
  }

  /** The running producer; only from the tests of the class that registered this. */
  public Producer get() {
    if (producer == null) {
      throw new IllegalStateException("the shared producer is not running (expected: use it from a test of the "
          + "class that registers it with @RegisterExtension on a static field)");
    }
    return producer;
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    runtimes.beforeAll(context);
    producer = PerfBooks.during(runtimes, () -> TestProducers.start(extra));
  }

  @Override
  public void afterAll(ExtensionContext context) {
    try {
      if (producer != null) {
        producer.close();
        producer = null;
      }
    } finally {
      runtimes.afterAll(context);
    }
  }
}
