package io.axle.transport.calls;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Call;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import io.axle.registry.Endpoint;
import io.axle.transport.InFlightCalls;
import io.netty.channel.DefaultEventLoop;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The pending-call table on a real event loop: ids in order, each call ends exactly once (by its
 * answer, its deadline or the close), with the standard failures, and the in-flight count returns
 * to zero.
 */
class PendingCallsTest {
  private static final Endpoint ENDPOINT = new Endpoint("highway", "127.0.0.1", 7070);
  private static final OperationMeta OP = SchemaMeta.of("Echo", Echo.class).operations().get("echo");

  interface Echo {
    String echo(String text);
  }

  private final DefaultEventLoop loop = new DefaultEventLoop();
  private final InFlightCalls inFlight = new InFlightCalls();
  private final List<Call> afterTimeout = new CopyOnWriteArrayList<>();
  private PendingCalls<Call> table;

  private final class Call extends ConsumerCall {
    int releases;

    Call(long timeoutMillis) {
      this(newInvocation(timeoutMillis));
    }

    /** The runtime's invocation behind the attempt, for what only the runtime sets on it. */
    final Invocation runtimeInvocation;

    private Call(Invocation invocation) {
      super(invocation, ENDPOINT, inFlight);
      this.runtimeInvocation = invocation;
    }

    @Override
    protected void released() {
      releases++;
    }
  }

  private static Invocation newInvocation(long timeoutMillis) {
    Invocation invocation = TestInvocations.of(Role.CONSUMER, OP, new Object[] {"x"});
    long now = System.nanoTime();
    invocation.mark(Stage.CONSUMER_START, now);
    if (timeoutMillis != 0) {
      invocation.deadlineNanos(now + TimeUnit.MILLISECONDS.toNanos(timeoutMillis));
    }
    return invocation;
  }

  PendingCallsTest() throws Exception {
    table = onLoop(() -> new PendingCalls<>(loop, afterTimeout::add));
  }

  @AfterEach
  void stop() {
    loop.shutdownGracefully(0, 1, TimeUnit.SECONDS).syncUninterruptibly();
  }

  @Test
  void admittedCallsGetIdsInOrder_andAnAnswerEndsOneExactlyOnce() throws Exception {
    Call first = new Call(0);
    Call second = new Call(10_000);
    assertThat(onLoop(() -> table.admit(first) && table.admit(second))).isTrue();
    assertThat(second.id()).isEqualTo(first.id() + 1);
    assertThat(onLoop(() -> table.finish(first, Response.ok("a")))).isTrue();
    assertThat(onLoop(() -> table.finish(first, Response.ok("again")))).isFalse();
    assertThat(first.future().get().result()).isEqualTo("a");
    assertThat(onLoop(() -> table.remove(second.id()))).isSameAs(second);
    onLoop(() -> {
      second.complete(Response.ok("b"));
      return null;
    });
    assertThat(onLoop(() -> table.isEmpty())).isTrue();
    assertThat(second.isArmed()).isFalse();
    assertThat(inFlight.count()).isZero();
    assertThat(first.releases).isEqualTo(1);
  }

  @Test
  void aCallPastItsDeadline_failsWithTheStandardMessage_andTheTransportHearsOfIt() throws Exception {
    Call call = new Call(30);
    onLoop(() -> table.admit(call));
    Response response = call.future().get(5, TimeUnit.SECONDS);
    assertThat(response.status()).isEqualTo(Status.DEADLINE_EXCEEDED);
    assertThat(response.error().getMessage()).startsWith("Echo.echo timed out after ")
        .endsWith(" ms waiting for highway://127.0.0.1:7070 (expected: an answer within axle.request.timeout)");
    // The future completes on the loop before the transport's hook runs there: look from the loop.
    assertThat(onLoop(() -> List.copyOf(afterTimeout))).containsExactly(call);
    assertThat(onLoop(() -> table.isEmpty())).isTrue();
    assertThat(inFlight.drained(Duration.ofSeconds(1)).get()).isZero();
  }

  @Test
  void aCallWhoseDeadlinePassedBeforeItWasTaken_isNotSent() throws Exception {
    Call call = new Call(1);
    Thread.sleep(5);
    assertThat(onLoop(() -> table.admit(call))).isFalse();
    Response response = call.future().get();
    assertThat(response.status()).isEqualTo(Status.DEADLINE_EXCEEDED);
    assertThat(response.error().getMessage()).isEqualTo("Echo.echo timed out before it could be sent to "
        + "highway://127.0.0.1:7070");
  }

  @Test
  void aCallWhoseInheritedDeadlinePassedBeforeItWasTaken_saysWhereTheDeadlineCameFrom() throws Exception {
    Call call = new Call(1);
    Invocation served = TestInvocations.of(Role.PROVIDER, SchemaMeta.of("Relay", Echo.class).operations().get("echo"),
        new Object[] {"x"});
    TestInvocations.inheritDeadline(call.runtimeInvocation, served);
    Thread.sleep(5);
    assertThat(onLoop(() -> table.admit(call))).isFalse();
    assertThat(call.future().get().error().getMessage()).isEqualTo("Echo.echo timed out before it could be sent to "
        + "highway://127.0.0.1:7070 (its deadline was inherited from Relay.echo, the call it was made while serving)");
  }

  @Test
  void closing_failsEveryPendingCall_andEveryLaterOne_withTheReason() throws Exception {
    Call pending = new Call(10_000);
    onLoop(() -> table.admit(pending));
    List<Call> failed = onLoop(() -> table.close("the server went away"));
    assertThat(failed).containsExactly(pending);
    assertThat(pending.future().get().error().getMessage())
        .isEqualTo("Echo.echo failed on highway://127.0.0.1:7070: the server went away");
    assertThat(pending.isArmed()).isFalse();
    Call later = new Call(10_000);
    assertThat(onLoop(() -> table.admit(later))).isFalse();
    assertThat(later.future().get().status()).isEqualTo(Status.CONNECTION_FAILED);
    assertThat(onLoop(() -> table.close("again"))).isEmpty();
    assertThat(inFlight.count()).isZero();
  }

  @Test
  void aCallCancelledBeforeTheLoopTookIt_isFreedAndCountedOut_once() throws Exception {
    Call call = new Call(10_000);
    call.future().cancel(false);
    assertThat(onLoop(() -> table.admit(call))).isFalse();
    assertThat(call.releases).isEqualTo(1);
    assertThat(inFlight.count()).isZero();
    assertThat(onLoop(() -> table.isEmpty())).isTrue();
  }

  @Test
  void aHedgedAttemptCancelledInFlight_isFreedOnItsLoop_andTheTransportHearsOfIt() throws Exception {
    Call call = new Call(10_000);
    TestInvocations.hedged(call.runtimeInvocation);
    assertThat(onLoop(() -> table.admit(call))).isTrue();
    assertThat(inFlight.count()).isEqualTo(1);

    call.future().cancel(false);

    // Freed by a task the cancel posted to the loop, not at its deadline ten seconds away.
    assertThat(onLoop(() -> table.isEmpty())).isTrue();
    assertThat(inFlight.count()).isZero();
    assertThat(call.releases).isEqualTo(1);
    assertThat(afterTimeout).containsExactly(call);
    // Its late answer finds nothing.
    assertThat(onLoop(() -> table.remove(call.id()))).isNull();
  }

  @Test
  void aCallThatIsNotCancellable_isNotWatched() throws Exception {
    Call call = new Call(10_000);
    assertThat(onLoop(() -> table.admit(call))).isTrue();
    call.future().cancel(false);
    // Left to its answer or its deadline, as before hedging existed.
    assertThat(onLoop(() -> table.size())).isEqualTo(1);
  }

  private <T> T onLoop(Callable<T> task) throws Exception {
    return loop.submit(task).get(5, TimeUnit.SECONDS);
  }
}
