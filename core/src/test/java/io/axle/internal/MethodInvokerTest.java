package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Role;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import java.io.IOException;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The provider's call into the bean: through a hidden class per operation, with the behaviour of a plain call. */
class MethodInvokerTest {

  public interface Calc {
    int add(int a, int b);

    String name();

    String five(String s, int i, long l, boolean b, List<String> list);

    String fail(String message) throws IOException;

    String refuse();

    CompletableFuture<String> later(String message);

    CompletableFuture<String> laterFails(String message);

    CompletableFuture<String> nullFuture();
  }

  public interface Greeter {
    String greet(String name);
  }

  static final class CalcImpl implements Calc {
    private final String name;
    private final int offset;

    CalcImpl(String name, int offset) {
      this.name = name;
      this.offset = offset;
    }

    @Override
    public int add(int a, int b) {
      return a + b + offset;
    }

    @Override
    public String name() {
      return name;
    }

    @Override
    public String five(String s, int i, long l, boolean b, List<String> list) {
      return name + ":" + s + "," + i + "," + l + "," + b + "," + list;
    }

    @Override
    public String fail(String message) throws IOException {
      throw new IOException(message);
    }

    @Override
    public String refuse() {
      throw new AxleException(Status.OVERLOADED, "too busy");
    }

    @Override
    public CompletableFuture<String> later(String message) {
      return new CompletableFuture<String>().completeAsync(() -> name + ":" + message);
    }

    @Override
    public CompletableFuture<String> laterFails(String message) {
      return CompletableFuture.failedFuture(new IllegalStateException(message));
    }

    @Override
    public CompletableFuture<String> nullFuture() {
      return null;
    }
  }

  private static final SchemaMeta CALC = SchemaMeta.of("Calc", Calc.class);
  private static final SchemaMeta GREETER = SchemaMeta.of("Greeter", Greeter.class);

  private static Response call(MethodInvoker invoker, OperationMeta op, Object... args) {
    return invoker.proceed(TestInvocations.of(Role.PROVIDER, op, args)).join();
  }

  private static MethodInvoker invoker(OperationMeta op, Object target) {
    MethodInvoker invoker = new MethodInvoker(op, target);
    // The constant path must be the one taken: a silent fall-back to the plain handle fails here.
    assertThat(invoker.callClass().isHidden()).as("hidden class for %s", op).isTrue();
    assertThat(invoker.callClass().getName()).startsWith(ConstantInvoker.class.getName() + "/");
    return invoker;
  }

  @Test
  void eachInvoker_callsItsOwnBeanThroughItsOwnHiddenClass() {
    OperationMeta add = CALC.operation("add");
    OperationMeta greet = GREETER.operation("greet");
    MethodInvoker addA = invoker(add, new CalcImpl("a", 0));
    MethodInvoker addB = invoker(add, new CalcImpl("b", 100));
    MethodInvoker greetC = invoker(greet, (Greeter) name -> "hello " + name);

    assertThat(List.of(addA.callClass(), addB.callClass(), greetC.callClass())).doesNotHaveDuplicates();
    // Called in turn, many times: each keeps its own target and method whatever ran before.
    for (int i = 0; i < 1_000; i++) {
      assertThat(call(addA, add, i, 2).result()).isEqualTo(i + 2);
      assertThat(call(addB, add, i, 2).result()).isEqualTo(i + 102);
      assertThat(call(greetC, greet, "n" + i).result()).isEqualTo("hello n" + i);
    }
  }

  @Test
  void zeroAndFiveParameters_primitivesBoxedAndUnboxed() {
    CalcImpl bean = new CalcImpl("x", 0);
    OperationMeta name = CALC.operation("name");
    OperationMeta five = CALC.operation("five");

    assertThat(call(invoker(name, bean), name).result()).isEqualTo("x");
    assertThat(call(invoker(name, bean), name, (Object[]) null).result()).isEqualTo("x");
    assertThat(call(invoker(five, bean), five, "s", 7, 8L, true, List.of("p", "q")).result())
        .isEqualTo("x:s,7,8,true,[p, q]");
  }

  @Test
  void wrongArguments_areAProviderErrorNotAThrow() {
    OperationMeta add = CALC.operation("add");
    Response response = call(invoker(add, new CalcImpl("x", 0)), add, "not an int", 2);

    assertThat(response.status()).isEqualTo(Status.PROVIDER_ERROR);
    assertThat(response.error()).hasMessageStartingWith("Calc.add failed: ClassCastException");
  }

  @Test
  void thrownExceptions_areMappedAsBefore() {
    CalcImpl bean = new CalcImpl("x", 0);
    OperationMeta fail = CALC.operation("fail");
    OperationMeta refuse = CALC.operation("refuse");

    // fail declares IOException: part of the contract, it travels as itself.
    Response failed = call(invoker(fail, bean), fail, "disk gone");
    assertThat(failed.status()).isEqualTo(Status.APPLICATION_ERROR);
    assertThat(failed.error().errorType()).isEqualTo("IOException");
    assertThat(failed.error()).hasMessage("disk gone").hasCauseInstanceOf(IOException.class);

    Response refused = call(invoker(refuse, bean), refuse);
    assertThat(refused.status()).isEqualTo(Status.OVERLOADED);
    assertThat(refused.error()).hasMessage("too busy");
  }

  @Test
  void asyncResults_failuresAndNullFutures() {
    CalcImpl bean = new CalcImpl("x", 0);
    OperationMeta later = CALC.operation("later");
    OperationMeta laterFails = CALC.operation("laterFails");
    OperationMeta nullFuture = CALC.operation("nullFuture");

    assertThat(call(invoker(later, bean), later, "m").result()).isEqualTo("x:m");

    Response failed = call(invoker(laterFails, bean), laterFails, "no");
    assertThat(failed.status()).isEqualTo(Status.PROVIDER_ERROR);
    assertThat(failed.error()).hasMessage("Calc.laterFails failed: IllegalStateException: no");

    Response none = call(invoker(nullFuture, bean), nullFuture);
    assertThat(none.status()).isEqualTo(Status.PROVIDER_ERROR);
    assertThat(none.error())
        .hasMessage("Calc.nullFuture failed: NullPointerException: returned a null future (expected: a CompletableFuture)");
  }

  @Test
  void plainHandle_behavesTheSame() {
    OperationMeta add = CALC.operation("add");
    OperationMeta fail = CALC.operation("fail");
    CalcImpl bean = new CalcImpl("x", 10);

    MethodInvoker plain = MethodInvoker.withPlainHandle(add, bean);
    assertThat(plain.callClass().isHidden()).isFalse();
    assertThat(call(plain, add, 1, 2).result()).isEqualTo(13);
    assertThat(call(MethodInvoker.withPlainHandle(fail, bean), fail, "gone").error())
        .hasMessage("gone").hasCauseInstanceOf(IOException.class);
  }
}
