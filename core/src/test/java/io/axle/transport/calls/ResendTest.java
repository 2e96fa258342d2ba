package io.axle.transport.calls;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Status;
import io.axle.transport.calls.Resend.Attempt;
import io.axle.transport.calls.Resend.Verdict;
import io.axle.transport.calls.Resend.Way;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The rules of {@link Resend}, one row each: who would send a call again, how its attempt ended, and the
 * answer. A call that may have run is sent again only by the retry and hedge links of an idempotent
 * operation, or on a stale kept-alive connection; nothing is sent again once the deadline leaves no time.
 */
class ResendTest {

  @ParameterizedTest(name = "{0} after {1} notRun={2} written={3} timeLeft={4} idempotent={5} stale={6}: {7}")
  @CsvSource(delimiter = '|', textBlock = """
      # way           | status            | notRun | written | timeLeft | idempotent | stale | verdict
      FAILOVER         | CONNECTION_FAILED | false  | false   | true     | false      | false | YES
      FAILOVER         | CONNECTION_FAILED | false  | false   | false    | false      | false | NO
      FAILOVER         | CONNECTION_FAILED | false  | true    | true     | true       | false | NO
      FAILOVER         | OVERLOADED        | true   | true    | true     | false      | false | IF_BUDGET_ALLOWS
      FAILOVER         | OVERLOADED        | true   | false   | true     | false      | false | YES
      FAILOVER         | SHUTTING_DOWN     | true   | true    | true     | false      | false | IF_BUDGET_ALLOWS
      FAILOVER         | SHUTTING_DOWN     | false  | true    | true     | true       | false | NO
      FAILOVER         | OVERLOADED        | false  | true    | true     | true       | false | NO
      FAILOVER         | PROVIDER_ERROR    | false  | true    | true     | true       | false | NO
      FAILOVER         | DEADLINE_EXCEEDED | false  | true    | true     | true       | false | NO
      STALE_CONNECTION | CONNECTION_FAILED | false  | true    | true     | false      | true  | YES
      STALE_CONNECTION | CONNECTION_FAILED | false  | true    | false    | false      | true  | NO
      STALE_CONNECTION | CONNECTION_FAILED | false  | true    | true     | false      | false | NO
      STALE_CONNECTION | CONNECTION_FAILED | false  | false   | true     | false      | true  | NO
      STALE_CONNECTION | PROVIDER_ERROR    | false  | true    | true     | false      | true  | NO
      RETRY            | CONNECTION_FAILED | false  | true    | true     | true       | false | IF_BUDGET_ALLOWS
      RETRY            | CONNECTION_FAILED | false  | true    | true     | false      | false | NO
      RETRY            | PROVIDER_ERROR    | false  | true    | true     | true       | false | IF_BUDGET_ALLOWS
      RETRY            | INTERNAL_ERROR    | false  | true    | true     | true       | false | IF_BUDGET_ALLOWS
      RETRY            | OVERLOADED        | true   | true    | true     | true       | false | IF_BUDGET_ALLOWS
      RETRY            | OVERLOADED        | true   | false   | true     | true       | false | NO
      RETRY            | SHUTTING_DOWN     | false  | true    | true     | true       | false | IF_BUDGET_ALLOWS
      RETRY            | PROVIDER_ERROR    | false  | true    | false    | true       | false | NO
      RETRY            | DEADLINE_EXCEEDED | false  | true    | true     | true       | false | NO
      RETRY            | BAD_REQUEST       | false  | true    | true     | true       | false | NO
      RETRY            | APPLICATION_ERROR | false  | true    | true     | true       | false | NO
      RETRY            | OK                | false  | true    | true     | true       | false | NO
      HEDGE            |                   | false  | false   | true     | true       | false | IF_BUDGET_ALLOWS
      HEDGE            |                   | false  | false   | false    | true       | false | NO
      HEDGE            |                   | false  | false   | true     | false      | false | NO
      """)
  void theRules(Way way, Status status, boolean notRun, boolean written, boolean timeLeft, boolean idempotent,
      boolean stale, Verdict expected) {
    Verdict verdict = Resend.verdict(way, new Attempt(status, notRun, written, timeLeft, idempotent, stale));
    assertThat(verdict).isEqualTo(expected);
    assertThat(verdict.mayResend()).isEqualTo(expected != Verdict.NO);
  }

  @ParameterizedTest
  @EnumSource(Status.class)
  void anAttemptReadFromItsResponse_carriesTheProvidersRefusal(Status status) {
    if (status == Status.OK) {
      assertThat(Attempt.of(Response.ok("x"), true, true, true).notRun()).isFalse();
      return;
    }
    Attempt refused = Attempt.of(Response.failure(AxleException.notRun(status, "full")), true, true, true);
    Attempt failed = Attempt.of(Response.failure(status, "failed"), true, true, true);
    assertThat(refused.notRun()).isTrue();
    assertThat(failed.notRun()).isFalse();
    assertThat(refused.status()).isEqualTo(status);
  }
}
