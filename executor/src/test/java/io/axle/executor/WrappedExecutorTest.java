package io.axle.executor;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.Test;

class WrappedExecutorTest {

  @Test
  void wrap_handsTasksToTheUserExecutor() {
    List<Runnable> handed = new ArrayList<>();
    AxleExecutor executor = AxleExecutors.wrap("mine", handed::add);
    Runnable task = () -> {};

    executor.execute(task);

    assertThat(handed).containsExactly(task);
    assertThat(executor.name()).isEqualTo("mine");
    assertThat(executor.kind()).isEqualTo(ExecutorKind.CUSTOM);
  }

  @Test
  void wrap_propagatesRejectionAndCountsIt() {
    RejectedExecutionException refusal = new RejectedExecutionException("no room");
    AxleExecutor executor =
        AxleExecutors.wrap(
            "mine",
            task -> {
              throw refusal;
            });

    assertThatThrownBy(() -> executor.execute(() -> {})).isSameAs(refusal);
    assertThat(executor.stats().rejected()).isEqualTo(1);
  }

  @Test
  void wrap_shutdownShutsTheWrappedServiceDown() {
    ExecutorService service = Executors.newSingleThreadExecutor();
    AxleExecutor executor = AxleExecutors.wrap("mine", service);

    assertThat(executor.shutdown(Duration.ofSeconds(30))).isTrue();

    assertThat(service.isTerminated()).isTrue();
  }
}
