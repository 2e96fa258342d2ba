package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The retry budget on explicit clock readings: deposits, the reserve, and the window they count in. */
class RetryBudgetTest {
  private long clock = TimeUnit.SECONDS.toNanos(1_000);

  @Test
  void aBusyService_paysForABurstOfRetries_andAnOutage_forItsShareOnly() {
    RetryBudget budget = new RetryBudget(10, 0, () -> clock);
    for (int i = 0; i < 1_000; i++) {
      budget.deposit();
    }
    int retried = 0;
    while (budget.tryWithdraw()) {
      retried++;
    }
    assertThat(retried).as("10% of 1000 calls").isEqualTo(100);
    for (int i = 0; i < 9; i++) {
      budget.deposit();
    }
    assertThat(budget.tryWithdraw()).as("nine calls deposit 0.9 of a retry").isFalse();
    budget.deposit();
    assertThat(budget.tryWithdraw()).isTrue();
  }

  @Test
  void theReserve_letsAQuietServiceRetry_everySecondsWorth() {
    RetryBudget budget = new RetryBudget(0, 2, () -> clock);
    int retried = 0;
    while (budget.tryWithdraw()) {
      retried++;
    }
    assertThat(retried).as("two a second, over the ten-second window").isEqualTo(20);
    clock += TimeUnit.SECONDS.toNanos(RetryBudget.WINDOW_SECONDS);
    assertThat(budget.tryWithdraw()).as("the withdrawals have left the window").isTrue();
  }

  @Test
  void depositsExpire_afterTheWindow() {
    RetryBudget budget = new RetryBudget(100, 0, () -> clock);
    budget.deposit();
    clock += TimeUnit.SECONDS.toNanos(RetryBudget.WINDOW_SECONDS - 1);
    budget.deposit();
    clock += TimeUnit.SECONDS.toNanos(1);
    // The first deposit is ten seconds old: only the second still counts.
    assertThat(budget.tryWithdraw()).isTrue();
    assertThat(budget.tryWithdraw()).isFalse();
  }
}
