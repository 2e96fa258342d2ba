package io.axle.executor;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class InlineExecutorTest {

  @Test
  void inline_runsOnCallingThread() {
    AtomicReference<Thread> ranOn = new AtomicReference<>();

    AxleExecutors.inline().execute(() -> ranOn.set(Thread.currentThread()));

    assertThat(ranOn.get()).isSameAs(Thread.currentThread());
  }

  @Test
  void inline_isOneSharedInstanceNamedInline() {
    AxleExecutor inline = AxleExecutors.inline();

    assertThat(AxleExecutors.inline()).isSameAs(inline);
    assertThat(inline.name()).isEqualTo("inline");
    assertThat(inline.kind()).isEqualTo(ExecutorKind.INLINE);
  }

  @Test
  void inline_shutdownIsANoOpAndKeepsRunningTasks() {
    AxleExecutor inline = AxleExecutors.inline();
    AtomicReference<Thread> ranOn = new AtomicReference<>();

    assertThat(inline.shutdown(Duration.ZERO)).isTrue();
    inline.execute(() -> ranOn.set(Thread.currentThread()));

    assertThat(ranOn.get()).isSameAs(Thread.currentThread());
  }
}
