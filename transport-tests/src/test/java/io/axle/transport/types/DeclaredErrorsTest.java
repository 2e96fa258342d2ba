package io.axle.transport.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.transport.types.ErrorsApi.LimitExceededException;
import io.axle.transport.types.ErrorsApi.OrderNotFoundException;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Exceptions an operation declares travel with their type and fields over both transports and are
 * rethrown as themselves; undeclared ones stay PROVIDER_ERROR and are logged by the provider.
 */
class DeclaredErrorsTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static final String SERVICE = ContractServers.SERVICE;
  private static final String SCHEMA = "ErrorsApi";
  private static Axle provider;
  private static final Map<String, Axle> consumers = new LinkedHashMap<>();

  @BeforeAll
  static void start() {
    provider = ContractServers.provider(runtimes, builder -> builder
        .provider(SCHEMA, ErrorsApi.class, new ErrorsApi.Impl()));
    for (String transport : List.of("highway", "rest")) {
      consumers.put(transport, ContractServers.consumer(runtimes, provider, transport));
    }
  }

  @AfterAll
  static void stop() {
    consumers.values().forEach(Axle::stop);
    if (provider != null) {
      provider.stop();
    }
  }

  private static ErrorsApi api(String transport) {
    return consumers.get(transport).reference(ErrorsApi.class, SERVICE, SCHEMA);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void declaredCheckedException_isRethrownWithItsFields(String transport) {
    Throwable thrown = catchThrowable(() -> api(transport).find("A-17"));

    assertThat(thrown).isExactlyInstanceOf(OrderNotFoundException.class).hasMessage("order A-17 not found");
    OrderNotFoundException error = (OrderNotFoundException) thrown;
    assertThat(error.orderId()).isEqualTo("A-17");
    assertThat(error.triedShards()).containsExactly(1, 2, 3);
    assertThat(error.getStackTrace()).as("the caller's stack").isNotEmpty()
        .anyMatch(frame -> frame.getClassName().equals(DeclaredErrorsTest.class.getName()));
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void declaredException_completesAnAsyncCallAsItself(String transport) {
    Throwable thrown = catchThrowable(() -> api(transport).findAsync("B-2").get(10, TimeUnit.SECONDS));

    assertThat(thrown).isInstanceOf(ExecutionException.class);
    assertThat(thrown.getCause()).isExactlyInstanceOf(OrderNotFoundException.class).hasMessage("order B-2 not found");
    assertThat(((OrderNotFoundException) thrown.getCause()).triedShards()).isEmpty();
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void declaredUncheckedException_keepsTheFieldsOfItsSuperclassToo(String transport) {
    Throwable thrown = catchThrowable(() -> api(transport).spend(BigDecimal.TEN));

    assertThat(thrown).isExactlyInstanceOf(LimitExceededException.class).hasMessage("over the limit of 100.00");
    LimitExceededException error = (LimitExceededException) thrown;
    assertThat(error.limit()).isEqualTo(new BigDecimal("100.00"));
    assertThat(error.at()).isEqualTo(ErrorsApi.Impl.AT);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void anUndeclaredSubclass_travelsAsTheNearestDeclaredType(String transport) {
    Throwable thrown = catchThrowable(() -> api(transport).hardLimit(7));

    assertThat(thrown).isExactlyInstanceOf(LimitExceededException.class).hasMessage("over the limit of 7");
    assertThat(((LimitExceededException) thrown).at()).isEqualTo(ErrorsApi.Impl.AT);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void anErrorTheSchemaDeclaresWithContractErrors_isRethrownAsItself(String transport) {
    Throwable thrown = catchThrowable(() -> api(transport).quota(10));

    assertThat(thrown).isExactlyInstanceOf(ErrorsApi.QuotaException.class).hasMessage("quota exceeded, 5 left");
    assertThat(((ErrorsApi.QuotaException) thrown).remaining()).isEqualTo(5);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void declaredException_unknownToTheConsumer_isAnApplicationErrorNamingIt(String transport) {
    ErrorsApi.Undeclaring old = consumers.get(transport).reference(ErrorsApi.Undeclaring.class, SERVICE, SCHEMA);

    Throwable thrown = catchThrowable(() -> old.find("C-3"));

    assertThat(thrown).isExactlyInstanceOf(AxleException.class).hasMessage("order C-3 not found");
    AxleException error = (AxleException) thrown;
    assertThat(error.status()).isEqualTo(Status.APPLICATION_ERROR);
    assertThat(error.errorType()).isEqualTo("OrderNotFoundException");
    if (transport.equals("rest")) {
      // JSON describes itself: the details are JSON values.
      assertThat(error.details()).containsEntry("orderId", "C-3").containsEntry("triedShards", List.of(1, 2, 3));
    } else {
      // Highway's typed fields need the type; the provider also sends them as text (docs/protocol.md).
      assertThat(error.details()).containsEntry("orderId", "C-3").containsEntry("triedShards", "[1, 2, 3]");
    }
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void undeclaredException_isAProviderErrorAndTheProviderLogsItsStackTrace(String transport) throws Exception {
    PrintStream original = System.err;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    Throwable thrown;
    System.setErr(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      // One line per operation per second: wait out a line an earlier case may have written.
      Thread.sleep(1100);
      thrown = catchThrowable(() -> api(transport).undeclared("disk on fire " + transport));
    } finally {
      System.setErr(original);
    }

    assertThat(thrown).isExactlyInstanceOf(AxleException.class)
        .hasMessage("ErrorsApi.undeclared failed: IllegalStateException: disk on fire " + transport);
    assertThat(((AxleException) thrown).status()).isEqualTo(Status.PROVIDER_ERROR);
    assertThat(((AxleException) thrown).errorType()).isNull();
    String log = captured.toString(StandardCharsets.UTF_8);
    assertThat(log).contains("ErrorsApi.undeclared failed with an undeclared java.lang.IllegalStateException")
        .contains("disk on fire " + transport).contains("at " + ErrorsApi.Impl.class.getName() + ".undeclared");
  }
}
