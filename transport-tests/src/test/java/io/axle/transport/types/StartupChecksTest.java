package io.axle.transport.types;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.axle.Axle;
import io.axle.config.ConfigException;
import io.axle.testing.AxleExtension;
import io.axle.testing.Runtimes;
import java.util.Date;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What a contract cannot carry, or a registry entry no transport can call, stops start-up with the
 * operation, the parameter, the path inside the type and the fix; every such problem of a contract in
 * one failed start, whichever transports serve it.
 */
class StartupChecksTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  public interface DateApi {
    String since(Filter filter);

    record Filter(String name, Date when) {
    }
  }

  public interface ObjectApi {
    List<Object> anything(List<Object> values);
  }

  public interface RecordKeysApi {
    Map<Key, String> byKey(Map<Key, String> values);

    record Key(int a, int b) {
    }
  }

  public interface BadErrorApi {
    String find(String id) throws Unreadable;

    final class Unreadable extends Exception {
      private final Object why = null;
    }
  }

  public interface TwoMistakesApi {
    String any(List<?> things);

    String when(Date date);
  }

  private static <T> String startFailure(String schema, Class<T> type, T impl, List<String> transports) {
    Throwable failure = catchThrowable(() -> ContractServers.provider(runtimes, builder -> builder
        .provider(schema, type, impl,
        transports)).stop());
    assertThat(failure).as("start-up of a provider of %s", type.getSimpleName()).isInstanceOf(RuntimeException.class);
    return failure.getMessage();
  }

  @Test
  void aDateInARecordParameter_namesTheOperationParameterPathAndFix() {
    assertThat(startFailure("DateApi", DateApi.class, filter -> "x", List.of()))
        .contains("DateApi.since parameter filter: Filter.when: java.util.Date "
            + "(expected: a java.time type such as Instant, LocalDate or OffsetDateTime)");
    assertThat(startFailure("DateApi", DateApi.class, filter -> "x", List.of("rest")))
        .as("served over REST only, the same check")
        .contains("DateApi.since parameter filter: Filter.when: java.util.Date");
  }

  @Test
  void everyProblemOfAContract_isReportedInOneStart_onProviderAndConsumer() {
    TwoMistakesApi impl = new TwoMistakesApi() {
      @Override
      public String any(List<?> things) {
        return "";
      }

      @Override
      public String when(Date date) {
        return "";
      }
    };
    String wildcard = "TwoMistakesApi.any parameter things: List<?> element: ? (expected: a concrete type argument, "
        + "e.g. List<OrderLine> rather than List<T> or List<?>)";
    String date = "TwoMistakesApi.when parameter date: java.util.Date (expected: a java.time type";
    assertThat(startFailure("TwoMistakesApi", TwoMistakesApi.class, impl, List.of()))
        .startsWith("Invalid contract (2 problems):").contains(wildcard).contains(date);

    Axle consumer = runtimes.start(Axle.builder().config(Runtimes.config(Map.of(
        "axle.registry.local.mistakes", "highway://127.0.0.1:1"))));
    try {
      assertThat(catchThrowable(() -> consumer.reference(TwoMistakesApi.class, "mistakes", "TwoMistakesApi")))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining(wildcard).hasMessageContaining(date);
    } finally {
      consumer.stop();
    }
  }

  @Test
  void objectElements_areRefused() {
    assertThat(startFailure("ObjectApi", ObjectApi.class, values -> values, List.of()))
        .contains("ObjectApi.anything parameter values: List<Object> element: java.lang.Object")
        .contains("(expected: a concrete class or record");
  }

  @Test
  void aRecordAsAMapKey_isRefusedSinceJsonKeysAreText() {
    assertThat(startFailure("RecordKeysApi", RecordKeysApi.class, values -> values, List.of()))
        .contains("RecordKeysApi.byKey parameter values: Map<Key, String> key: ")
        .contains("(expected: a key JSON can carry: String, a whole number, boolean, char, an enum, UUID, a big "
            + "number or a java.time type)");
  }

  @Test
  void aDeclaredErrorWithAFieldNoTransportCarries_isRefused() {
    assertThat(startFailure("BadErrorApi", BadErrorApi.class, id -> id, List.of()))
        .contains("BadErrorApi.find: declared error Unreadable field why: java.lang.Object");
  }

  @Test
  void aRegistryEntryWithAnHttpScheme_stopsStartUpWithTheFix() {
    Throwable failure = catchThrowable(() -> Axle.builder().config(Runtimes.config(Map.of(
        "axle.registry.local.orders", "http://127.0.0.1:8080"))).start().stop());

    assertThat(failure).isInstanceOf(ConfigException.class).hasMessageContaining(
        "axle.registry.local.orders: http://127.0.0.1:8080 (expected: a list of transport://host:port, e.g. "
            + "highway://127.0.0.1:7070, rest://127.0.0.1:8080: the scheme is the transport's name, not http://");
  }
}
