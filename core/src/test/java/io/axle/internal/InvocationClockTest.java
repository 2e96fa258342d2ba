package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Role;
import io.axle.Stage;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.testing.EchoService;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * One clock reading for the marks and deadline checks of one instant: the clock is read only when a
 * call needs it (a deadline, a listener), and a reading of 0 (none made) marks nothing.
 */
class InvocationClockTest {
  private static final OperationMeta ECHO = SchemaMeta.of("Echo", EchoService.class).operation("echo");

  private final List<Stage> heard = new ArrayList<>();
  private final InvocationListener listener = new InvocationListener() {
    @Override
    public void onStage(Call invocation, Stage stage) {
      heard.add(stage);
    }
  };

  @Test
  void aCallWithNoDeadlineNobodyListensTo_readsNoClock_andMarksNothing() {
    Invocation call = TestInvocations.of(Role.PROVIDER, ECHO, new Object[0]);

    assertThat(call.nowIfTimed()).isZero();
    assertThat(call.markNow(Stage.PROVIDER_EXECUTE)).isZero();
    call.markAt(Stage.PROVIDER_SENT, 0);

    assertThat(call.stageNanos(Stage.PROVIDER_EXECUTE)).isZero();
    assertThat(call.stageNanos(Stage.PROVIDER_SENT)).isZero();
    assertThat(call.remainingNanos(0)).isEqualTo(Long.MAX_VALUE);
    assertThat(call.isExpired(0)).isFalse();
  }

  @Test
  void oneReading_marksSeveralStagesAtTheSameInstant() {
    Invocation call = TestInvocations.of(Role.PROVIDER, ECHO, new Object[0], listener);
    long before = System.nanoTime();

    long now = call.markNow(Stage.PROVIDER_ENCODED);
    call.markAt(Stage.PROVIDER_SENT, now);

    assertThat(now).isGreaterThanOrEqualTo(before);
    assertThat(call.stageNanos(Stage.PROVIDER_ENCODED)).isEqualTo(now);
    assertThat(call.stageNanos(Stage.PROVIDER_SENT)).isEqualTo(now);
    assertThat(heard).containsExactly(Stage.PROVIDER_ENCODED, Stage.PROVIDER_SENT);
  }

  @Test
  void aDeadline_isCheckedAgainstTheReadingGiven() {
    Invocation call = TestInvocations.of(Role.CONSUMER, ECHO, new Object[0]);
    long now = System.nanoTime();
    call.deadlineNanos(now + TimeUnit.MILLISECONDS.toNanos(10));

    long reading = call.nowIfTimed();
    assertThat(reading).as("a deadline needs the clock, listened to or not").isGreaterThanOrEqualTo(now);
    assertThat(call.remainingNanos(now)).isEqualTo(TimeUnit.MILLISECONDS.toNanos(10));
    assertThat(call.isExpired(now)).isFalse();
    assertThat(call.isExpired(now + TimeUnit.MILLISECONDS.toNanos(10))).isTrue();
    assertThat(call.remainingNanos(now + TimeUnit.MILLISECONDS.toNanos(11))).isNegative();
  }

  @Test
  void isExpired_withNoReading_readsTheClock() {
    Invocation call = TestInvocations.of(Role.PROVIDER, ECHO, new Object[0]);
    call.deadlineNanos(System.nanoTime() - 1);

    assertThat(call.isExpired(0)).isTrue();
    assertThat(call.remainingNanos(0)).as("no reading given: the clock's").isNegative();
  }
}
