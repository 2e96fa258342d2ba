package io.axle.governance.internal;

import io.axle.policy.Admission;
import io.github.resilience4j.bulkhead.Bulkhead;

/** The provider's bulkhead of one operation: calls queued or running, asked before a call is queued. */
public final class ConcurrencyAdmission implements Admission {
  private final Bulkhead bulkhead;
  private final Ticket release;
  private final String refusal;
  private final int max;

  public ConcurrencyAdmission(KeyedSetting<Integer> limit) {
    this.bulkhead = Bulkheads.nonBlocking(limit.key(), limit.value());
    this.release = response -> bulkhead.onComplete();
    this.max = limit.value();
    this.refusal = "its provider limit of " + limit.value() + " concurrent calls was reached (" + limit + ")";
  }

  @Override
  public Ticket tryAdmit() {
    return bulkhead.tryAcquirePermission() ? release : null;
  }

  @Override
  public String refusal() {
    return refusal;
  }

  @Override
  public String name() {
    return "max-concurrent(" + max + ")";
  }
}
