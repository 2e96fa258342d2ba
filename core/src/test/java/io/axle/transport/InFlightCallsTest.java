package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** A stop waits for the calls in flight without polling, and no longer than its grace period. */
class InFlightCallsTest {

  @Test
  void nothingInFlight_isDrainedAtOnce() throws Exception {
    assertThat(new InFlightCalls().drained(Duration.ofMinutes(1)).get(1, TimeUnit.SECONDS)).isZero();
  }

  @Test
  void drained_completesWhenTheLastCallEnds() throws Exception {
    InFlightCalls calls = new InFlightCalls();
    calls.started();
    calls.started();

    CompletableFuture<Integer> drained = calls.drained(Duration.ofMinutes(1));
    calls.ended();
    assertThat(drained).as("one call still in flight").isNotDone();
    calls.ended();

    assertThat(drained.get(1, TimeUnit.SECONDS)).isZero();
    assertThat(calls.count()).isZero();
  }

  @Test
  void twoWaiters_areBothToldWhenTheLastCallEnds() throws Exception {
    InFlightCalls calls = new InFlightCalls();
    calls.started();

    CompletableFuture<Integer> first = calls.drained(Duration.ofMinutes(1));
    CompletableFuture<Integer> second = calls.drained(Duration.ofMinutes(1));
    calls.ended();

    assertThat(first.get(1, TimeUnit.SECONDS)).isZero();
    assertThat(second.get(1, TimeUnit.SECONDS)).isZero();
  }

  @Test
  void aGracePeriodThatEndsFirst_completesWithTheCallsStillInFlight() throws Exception {
    InFlightCalls calls = new InFlightCalls();
    calls.started();
    calls.started();
    calls.started();
    calls.ended();

    assertThat(calls.drained(Duration.ofMillis(20)).get(5, TimeUnit.SECONDS)).isEqualTo(2);
  }

  @Test
  void anEndpointsCalls_countInItsParentToo_andTheParentDrainsWhenAllEnd() throws Exception {
    InFlightCalls transport = new InFlightCalls();
    InFlightCalls a = new InFlightCalls(transport);
    InFlightCalls b = new InFlightCalls(transport);

    a.started();
    a.started();
    b.started();
    assertThat(a.count()).isEqualTo(2);
    assertThat(b.count()).isEqualTo(1);
    assertThat(transport.count()).isEqualTo(3);

    CompletableFuture<Integer> drained = transport.drained(Duration.ofSeconds(5));
    a.ended();
    b.ended();
    assertThat(drained).isNotDone();
    a.ended();
    assertThat(drained.get()).isZero();
    assertThat(a.drained(Duration.ZERO).get()).isZero();
  }
}
