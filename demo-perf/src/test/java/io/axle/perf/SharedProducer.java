package io.axle.perf;

import io.axle.perf.producer.Producer;
import java.util.Map;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One producer ({@link TestProducers#start}) for all the tests of a class: started before the first,
 * closed after the last. Register it as a static field:
 * {@code @RegisterExtension static final SharedProducer shared = new SharedProducer(Map.of());}
 */
public final class SharedProducer implements BeforeAllCallback, AfterAllCallback {
  private final Map<String, ?> extra;
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
    producer = TestProducers.start(extra);
  }

  @Override
  public void afterAll(ExtensionContext context) {
    if (producer != null) {
      producer.close();
      producer = null;
    }
  }
}
