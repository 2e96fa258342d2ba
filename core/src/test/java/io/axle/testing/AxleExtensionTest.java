package io.axle.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.Stage;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.internal.Invocation;
import io.axle.internal.TestInvocations;
import java.lang.ref.WeakReference;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The books of {@link AxleExtension}: what each check catches and how it names it, and that an opt-out is
 * reported with its reason. Invocations are fed to the listener by hand, so each broken invariant is exact.
 */
class AxleExtensionTest {
  private static final OperationMeta ECHO = SchemaMeta.of(Runtimes.SCHEMA, EchoService.class).operations().get("echo");
  private static final OperationMeta FAIL = SchemaMeta.of(Runtimes.SCHEMA, EchoService.class).operations().get("fail");

  private final AxleExtension extension = new AxleExtension(Duration.ofMillis(100));
  private final List<String> reported = new ArrayList<>();
  private final ExtensionContext context = context(reported);

  @Test
  void callsThatEndOnce_pass() {
    extension.beforeEach(context);
    InvocationListener books = extension.listener("books-test");
    end(start(books, Role.CONSUMER, ECHO), Status.OK);
    end(start(books, Role.PROVIDER, ECHO), Status.OK);
    assertThatCode(() -> extension.afterEach(context)).doesNotThrowAnyException();
    assertThat(reported).isEmpty();
  }

  @Test
  void aCallThatNeverEnded_isNamedWithItsRoleOperationAndCount() {
    extension.beforeEach(context);
    InvocationListener books = extension.listener("books-test");
    start(books, Role.PROVIDER, ECHO);
    start(books, Role.PROVIDER, ECHO);
    end(start(books, Role.CONSUMER, ECHO), Status.OK);
    assertThatThrownBy(() -> extension.afterEach(context)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("books-test: 2 invocation(s) started and never ended: {provider EchoService.echo=2}")
        .hasMessageContaining("expectUnended(\"why\")");
  }

  @Test
  void aCallThatEndedTwice_isNamed() {
    extension.beforeEach(context);
    InvocationListener books = extension.listener("books-test");
    Invocation twice = start(books, Role.CONSUMER, FAIL);
    end(twice, Status.PROVIDER_ERROR);
    end(twice, Status.DEADLINE_EXCEEDED);
    assertThatThrownBy(() -> extension.afterEach(context)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("books-test: 1 invocation(s) ended more than once: {consumer EchoService.fail=1}");
  }

  @Test
  void aCallThatEndedThrice_isNamedOnce_andEachEndIsCounted() {
    extension.beforeEach(context);
    AxleExtension.Books books = (AxleExtension.Books) extension.listener("books-test");
    Invocation thrice = start(books, Role.CONSUMER, FAIL);
    end(thrice, Status.PROVIDER_ERROR);
    end(thrice, Status.DEADLINE_EXCEEDED);
    end(thrice, Status.OK);
    end(start(books, Role.CONSUMER, ECHO), Status.OK);

    assertThat(books.started(Role.CONSUMER)).isEqualTo(2);
    assertThat(books.statuses(Role.CONSUMER)).containsExactlyInAnyOrder(Status.PROVIDER_ERROR,
        Status.DEADLINE_EXCEEDED, Status.OK, Status.OK);
    assertThatThrownBy(() -> extension.afterEach(context)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("books-test: 1 invocation(s) ended more than once: {consumer EchoService.fail=1}");
  }

  /** A perf run makes millions of calls: the books must not keep them all, only those still open. */
  @Test
  void anInvocationThatEnded_isNotHeldByTheBooks_butAnOpenOneIs() throws InterruptedException {
    extension.beforeEach(context);
    InvocationListener books = extension.listener("books-test");
    Invocation ended = start(books, Role.CONSUMER, ECHO);
    end(ended, Status.OK);
    WeakReference<Invocation> endedOne = new WeakReference<>(ended);
    ended = null;
    WeakReference<Invocation> openOne = new WeakReference<>(start(books, Role.CONSUMER, ECHO));

    for (int i = 0; i < 50 && endedOne.get() != null; i++) {
      System.gc();
      Thread.sleep(10);
    }
    assertThat(endedOne.get()).as("the invocation that ended, once collected").isNull();
    assertThat(openOne.get()).as("the open one, held so that it can be named").isNotNull();
    extension.expectUnended("the second invocation is left open, to show that it is held");
    assertThatCode(() -> extension.afterEach(context)).doesNotThrowAnyException();
    assertThat(reported).singleElement().asString().contains("{consumer EchoService.echo=1}");
  }

  @Test
  void anEndWithoutAStart_isNamed() {
    extension.beforeEach(context);
    InvocationListener books = extension.listener("books-test");
    end(TestInvocations.of(Role.PROVIDER, ECHO, new Object[] {"x"}, books), Status.OVERLOADED);
    assertThatThrownBy(() -> extension.afterEach(context)).isInstanceOf(AssertionError.class)
        .hasMessageContaining("books-test: PROVIDER EchoService.echo ended (OVERLOADED) without a start "
            + "(PROVIDER_RECEIVED)");
  }

  @Test
  void anOptOut_isReportedWithItsReason_notDropped() {
    extension.beforeEach(context);
    InvocationListener books = extension.listener("books-test");
    start(books, Role.PROVIDER, ECHO);
    extension.expectUnended("the method blocks until the test ends");
    assertThatCode(() -> extension.afterEach(context)).doesNotThrowAnyException();
    assertThat(reported).containsExactly("axle.books=left unended on purpose (the method blocks until the test "
        + "ends): books-test: 1 invocation(s) started and never ended: {provider EchoService.echo=1}");
  }

  @Test
  void anOptOut_needsAReason() {
    extension.beforeEach(context);
    assertThatThrownBy(() -> extension.expectUnended(" ")).isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("expected: why the test breaks the invariant");
    extension.afterEach(context);
  }

  @Test
  void outsideATest_startingIsRefused_withHowToRegister() {
    assertThatThrownBy(() -> extension.listener("nowhere")).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("@RegisterExtension");
  }

  private static Invocation start(InvocationListener books, Role role, OperationMeta operation) {
    Invocation invocation = TestInvocations.of(role, operation, new Object[] {"x"}, books);
    invocation.mark(role == Role.CONSUMER ? Stage.CONSUMER_START : Stage.PROVIDER_RECEIVED);
    return invocation;
  }

  private static void end(Invocation invocation, Status status) {
    invocation.end(status == Status.OK ? Response.ok("x") : Response.failure(status, "test"));
  }

  /** A test's context as the extension reads it: the test passed; report entries are kept. */
  private static ExtensionContext context(List<String> reported) {
    return (ExtensionContext) Proxy.newProxyInstance(AxleExtensionTest.class.getClassLoader(),
        new Class<?>[] {ExtensionContext.class}, (proxy, method, args) -> switch (method.getName()) {
          case "getExecutionException" -> Optional.empty();
          case "publishReportEntry" -> {
            if (args.length == 2) {
              reported.add(args[0] + "=" + args[1]);
            } else {
              reported.add(String.valueOf(args[0]));
            }
            yield null;
          }
          case "getDisplayName", "toString" -> "test context";
          default -> throw new UnsupportedOperationException(method.getName());
        });
  }
}
