package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.registry.Endpoint;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * Instance isolation on explicit clock readings: a back-off of 10 s, doubled per failure in a row,
 * capped, not escalated by the calls that fail together while isolated, ended by an answer.
 */
class EndpointStatesTest {
  private static final long SECOND = TimeUnit.SECONDS.toNanos(1);
  private long clock = 1_000 * SECOND;
  private final EndpointStates states = new EndpointStates(Duration.ofSeconds(10), Duration.ofSeconds(30),
      () -> clock);
  private final EndpointStates.State state = states.of(new Endpoint("highway", "127.0.0.1", 7070));

  @Test
  void callsFailingTogether_areOneFailure_andLaterOnesDoubleTheBackOff_upToTheCap() {
    assertThat(states.noneFailing()).isTrue();
    for (int i = 0; i < 6; i++) {
      state.connectionFailed("the connection closed before the response arrived");
    }
    assertThat(states.noneFailing()).isFalse();
    assertThat(state.isIsolated(clock + 9 * SECOND)).isTrue();
    assertThat(state.isIsolated(clock + 11 * SECOND)).as("six failures at once isolate for one back-off").isFalse();

    // Once the back-off has passed, the next failure doubles it; the one after is capped at 30 s.
    clock += 11 * SECOND;
    assertThat(state.isIsolated()).isFalse();
    state.connectionFailed("cannot connect");
    assertThat(state.isIsolated(clock + 19 * SECOND)).isTrue();
    assertThat(state.isIsolated(clock + 21 * SECOND)).isFalse();
    clock += 21 * SECOND;
    state.connectionFailed("cannot connect");
    assertThat(state.isIsolated(clock + 29 * SECOND)).isTrue();
    assertThat(state.isIsolated(clock + 31 * SECOND)).isFalse();
  }

  @Test
  void anAnswer_endsTheIsolation_andTheNextFailureStartsOverAtOneBackOff() {
    state.connectionFailed("cannot connect");
    clock += 11 * SECOND;
    state.connectionFailed("cannot connect");
    state.answered();
    assertThat(states.noneFailing()).isTrue();
    assertThat(state.isIsolated()).isFalse();
    state.connectionFailed("cannot connect");
    assertThat(state.isIsolated(clock + 9 * SECOND)).isTrue();
    assertThat(state.isIsolated(clock + 11 * SECOND)).isFalse();
  }

  @Test
  void outstandingCalls_balance() {
    state.started();
    state.started();
    state.ended();
    assertThat(state.outstanding()).isEqualTo(1);
    state.ended();
    assertThat(state.outstanding()).isZero();
  }
}
