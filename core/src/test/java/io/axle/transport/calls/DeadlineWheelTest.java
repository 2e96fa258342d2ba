package io.axle.transport.calls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The wheel driven by an explicit clock: never early, at most a tick late, O(1) cancel. */
class DeadlineWheelTest {
  private static final long TICK = 1_000_000;
  private static final int SLOTS = 8;
  /** Close to where {@link System#nanoTime()} overflows, so the arithmetic must not care. */
  private static final long ORIGIN = Long.MAX_VALUE - 5 * TICK - 123;

  private static final class Call extends DeadlineWheel.Node {
    final String name;
    long expiredAt = Long.MIN_VALUE;

    Call(String name) {
      this.name = name;
    }

    @Override
    public String toString() {
      return name;
    }
  }

  private final DeadlineWheel<Call> wheel = new DeadlineWheel<>(TICK, SLOTS, ORIGIN);

  /** Expires at {@code now} and returns what expired, in order, stamping each with the time. */
  private List<Call> expireAt(long now) {
    wheel.expire(now);
    List<Call> out = new ArrayList<>();
    for (Call c = wheel.poll(); c != null; c = wheel.poll()) {
      assertThat(c.isArmed()).isFalse();
      c.expiredAt = now;
      out.add(c);
    }
    return out;
  }

  @Test
  void aNodeExpiresAtTheFirstTickAtOrAfterItsDeadline_notBefore() {
    Call call = new Call("a");
    long deadline = ORIGIN + 2 * TICK + 1;
    long due = wheel.arm(call, deadline);
    assertThat(due).isEqualTo(ORIGIN + 3 * TICK);
    assertThat(wheel.nextTickNanos()).isEqualTo(ORIGIN + 3 * TICK);

    assertThat(expireAt(ORIGIN + 2 * TICK)).isEmpty();
    // Due by the clock, but its tick has not begun: it waits for the boundary.
    assertThat(expireAt(deadline)).isEmpty();
    assertThat(expireAt(ORIGIN + 3 * TICK - 1)).isEmpty();
    assertThat(call.isArmed()).isTrue();
    assertThat(expireAt(ORIGIN + 3 * TICK)).containsExactly(call);
    assertThat(wheel.isEmpty()).isTrue();
  }

  @Test
  void aDeadlineOnATickBoundary_expiresAtThatBoundary() {
    Call call = new Call("a");
    assertThat(wheel.arm(call, ORIGIN + 4 * TICK)).isEqualTo(ORIGIN + 4 * TICK);
    assertThat(expireAt(ORIGIN + 4 * TICK - 1)).isEmpty();
    assertThat(expireAt(ORIGIN + 4 * TICK)).containsExactly(call);
  }

  @Test
  void nodesExpireInTickOrder_andInArmingOrderWithinATick() {
    Call late = new Call("late");
    Call early1 = new Call("early1");
    Call early2 = new Call("early2");
    Call middle = new Call("middle");
    wheel.arm(late, ORIGIN + 6 * TICK);
    wheel.arm(early1, ORIGIN + TICK + 10);
    wheel.arm(middle, ORIGIN + 3 * TICK);
    wheel.arm(early2, ORIGIN + TICK + 5);
    assertThat(wheel.size()).isEqualTo(4);
    // One late expiry covers all the ticks since the last.
    assertThat(expireAt(ORIGIN + 6 * TICK)).containsExactly(early1, early2, middle, late);
  }

  @Test
  void aCancelledNode_neverExpires_andCancelTwiceIsHarmless() {
    Call kept = new Call("kept");
    Call cancelled = new Call("cancelled");
    wheel.arm(cancelled, ORIGIN + 2 * TICK);
    wheel.arm(kept, ORIGIN + 2 * TICK);
    assertThat(wheel.cancel(cancelled)).isTrue();
    assertThat(cancelled.isArmed()).isFalse();
    assertThat(wheel.cancel(cancelled)).isFalse();
    assertThat(cancelled.disarm()).isFalse();
    assertThat(wheel.size()).isEqualTo(1);
    assertThat(expireAt(ORIGIN + 10 * TICK)).containsExactly(kept);
    assertThat(cancelled.expiredAt).isEqualTo(Long.MIN_VALUE);
  }

  @Test
  void cancellingFirstMiddleAndLastOfASlot_keepsTheRest() {
    Call[] calls = new Call[5];
    for (int i = 0; i < calls.length; i++) {
      calls[i] = new Call("c" + i);
      wheel.arm(calls[i], ORIGIN + TICK);
    }
    assertThat(calls[0].disarm()).isTrue();
    assertThat(wheel.cancel(calls[4])).isTrue();
    assertThat(wheel.cancel(calls[2])).isTrue();
    Call added = new Call("added");
    wheel.arm(added, ORIGIN + TICK);
    assertThat(expireAt(ORIGIN + TICK)).containsExactly(calls[1], calls[3], added);
  }

  @Test
  void cancelOfAnExpiredNode_isHarmless_whetherPolledOrNot() {
    Call polled = new Call("polled");
    Call waiting = new Call("waiting");
    Call other = new Call("other");
    wheel.arm(polled, ORIGIN + TICK);
    wheel.arm(waiting, ORIGIN + TICK);
    wheel.arm(other, ORIGIN + TICK);
    assertThat(wheel.expire(ORIGIN + TICK)).isEqualTo(3);
    assertThat(wheel.nextTickNanos()).as("expired nodes wait: run now").isLessThanOrEqualTo(ORIGIN + TICK);
    assertThat(wheel.poll()).isSameAs(polled);
    assertThat(wheel.cancel(polled)).isFalse();
    assertThat(polled.disarm()).isFalse();
    // Expired but not polled yet (completed by a response in between, say): cancelling takes it out.
    assertThat(wheel.cancel(waiting)).isTrue();
    assertThat(wheel.poll()).isSameAs(other);
    assertThat(wheel.poll()).isNull();
    assertThat(wheel.isEmpty()).isTrue();
    assertThat(wheel.cancel(waiting)).isFalse();
  }

  @Test
  void aDeadlineSeveralTurnsAhead_staysWhileTheWheelTurnsPastItsSlot() {
    Call far = new Call("far");
    long deadline = ORIGIN + 3 * SLOTS * TICK + 2 * TICK;
    wheel.arm(far, deadline);
    for (long t = ORIGIN + TICK; t < deadline; t += TICK) {
      assertThat(expireAt(t)).as("at tick %d", (t - ORIGIN) / TICK).isEmpty();
      assertThat(wheel.nextTickNanos()).as("a lower bound of the deadline").isLessThanOrEqualTo(deadline);
    }
    assertThat(expireAt(deadline)).containsExactly(far);
  }

  @Test
  void aLateExpiry_afterMoreThanATurn_takesEverythingDue_andKeepsTheRest() {
    Call due1 = new Call("due1");
    Call due2 = new Call("due2");
    Call notYet = new Call("notYet");
    wheel.arm(due1, ORIGIN + 2 * TICK);
    wheel.arm(due2, ORIGIN + (SLOTS + 5) * TICK);
    wheel.arm(notYet, ORIGIN + (3 * SLOTS + 1) * TICK);
    assertThat(expireAt(ORIGIN + (2 * SLOTS + 3) * TICK)).containsExactlyInAnyOrder(due1, due2);
    assertThat(wheel.size()).isEqualTo(1);
    assertThat(expireAt(ORIGIN + 3 * SLOTS * TICK)).isEmpty();
    assertThat(expireAt(ORIGIN + (3 * SLOTS + 1) * TICK)).containsExactly(notYet);
  }

  @Test
  void aDeadlineAlreadyPassed_expiresAtTheNextTick() {
    assertThat(expireAt(ORIGIN + 5 * TICK + 7)).isEmpty();
    Call past = new Call("past");
    long due = wheel.arm(past, ORIGIN + 2 * TICK);
    assertThat(due).isEqualTo(ORIGIN + 6 * TICK);
    assertThat(expireAt(ORIGIN + 6 * TICK - 1)).isEmpty();
    assertThat(expireAt(ORIGIN + 6 * TICK)).containsExactly(past);
  }

  @Test
  void rearmAfterEmpty_andReuseOfTheSameNode() {
    Call call = new Call("a");
    wheel.arm(call, ORIGIN + TICK);
    assertThat(expireAt(ORIGIN + TICK)).containsExactly(call);
    assertThat(wheel.isEmpty()).isTrue();
    // Idle for many turns, with no expiry running, then armed again.
    long later = ORIGIN + 100 * SLOTS * TICK + TICK / 2;
    long due = wheel.arm(call, later + 3 * TICK);
    assertThat(due).isEqualTo(ORIGIN + (100 * SLOTS + 4) * TICK);
    // The first expiry after the pause visits every slot, but only takes what is due.
    assertThat(expireAt(call.deadlineNanos() - 1)).isEmpty();
    assertThat(expireAt(due - 1)).isEmpty();
    assertThat(expireAt(due)).containsExactly(call);
    assertThat(wheel.isEmpty()).isTrue();
  }

  @Test
  void armingAnArmedNode_fails() {
    Call call = new Call("a");
    wheel.arm(call, ORIGIN + TICK);
    assertThatThrownBy(() -> wheel.arm(call, ORIGIN + 2 * TICK))
        .isInstanceOf(IllegalStateException.class);
    assertThat(wheel.size()).isEqualTo(1);
  }

  @Test
  void badArguments_fail() {
    assertThatThrownBy(() -> new DeadlineWheel<Call>(TICK, 6, 0)).hasMessageContaining("power of two");
    assertThatThrownBy(() -> new DeadlineWheel<Call>(0, 8, 0)).hasMessageContaining("tickNanos: 0");
  }

  /**
   * Many calls with mixed timeouts, most cancelled as responses would, the clock stepping a fraction of
   * a tick and the expiry run whenever {@link DeadlineWheel#nextTickNanos()} says: every call that is not
   * cancelled expires exactly once, never before its deadline and less than a tick after it.
   */
  @Test
  void manyCalls_mixedTimeouts_neverEarly_atMostATickLate() {
    SplittableRandom random = new SplittableRandom(7);
    DeadlineWheel<Call> big = new DeadlineWheel<>(TICK, 64, ORIGIN);
    List<Call> armed = new ArrayList<>();
    List<Call> cancelled = new ArrayList<>();
    long[] timeouts = {TICK / 3, TICK, 5 * TICK + 17, 30 * TICK, 200 * TICK};
    long step = TICK / 10;
    long now = ORIGIN;
    long nextRun = Long.MAX_VALUE;
    boolean scheduled = false;
    int expiredCount = 0;
    for (int i = 0; i < 400_000 || !big.isEmpty(); i++) {
      now += step;
      if (i < 400_000) {
        for (int k = random.nextInt(4); k > 0; k--) {
          Call call = new Call("c" + i + "." + k);
          long due = big.arm(call, now + timeouts[random.nextInt(timeouts.length)] + random.nextLong(TICK));
          assertThat(due - call.deadlineNanos()).isBetween(0L, TICK - 1);
          if (!scheduled || due - nextRun < 0) {
            nextRun = due;
            scheduled = true;
          }
          armed.add(call);
        }
        // Responses: cancel a random armed call now and then, expired or not.
        if (!armed.isEmpty() && random.nextInt(3) == 0) {
          Call call = armed.get(random.nextInt(armed.size()));
          if (big.cancel(call)) {
            cancelled.add(call);
          }
        }
      }
      if (scheduled && now - nextRun >= 0) {
        scheduled = false;
        big.expire(now);
        for (Call c = big.poll(); c != null; c = big.poll()) {
          assertThat(c.expiredAt).as("expired once").isEqualTo(Long.MIN_VALUE);
          c.expiredAt = now;
          expiredCount++;
        }
        if (!big.isEmpty()) {
          nextRun = big.nextTickNanos();
          scheduled = true;
        }
      }
    }
    assertThat(big.size()).isZero();
    assertThat(expiredCount + cancelled.size()).isEqualTo(armed.size());
    for (Call c : cancelled) {
      assertThat(c.expiredAt).isEqualTo(Long.MIN_VALUE);
    }
    long worstLate = 0;
    for (Call c : armed) {
      if (c.expiredAt == Long.MIN_VALUE) {
        continue;
      }
      long late = c.expiredAt - c.deadlineNanos();
      assertThat(late).as("%s never early", c).isGreaterThanOrEqualTo(0);
      worstLate = Math.max(worstLate, late);
    }
    // The clock steps in tenths of a tick from the origin, so it lands on every boundary.
    assertThat(worstLate).isLessThan(TICK);
    assertThat(expiredCount).isGreaterThan(100_000);
  }
}
