package io.axle.transport.types;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonIgnore;
import io.axle.Axle;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.types.DataType;
import io.axle.types.DataTypes;
import io.axle.testing.AxleExtension;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The cross-transport property test: random values of every type of {@link TypesApi} go through a
 * real provider over highway and over REST, and each answer must equal the input and the other
 * transport's answer. The seed is printed with every failure; rerun one with
 * {@code -Daxle.test.seed=<seed>}.
 */
@Tag("slow")
class TypeRoundTripTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static final int CASES_PER_OPERATION = 150;
  private static final String SERVICE = ContractServers.SERVICE;
  private static final String SCHEMA = "TypesApi";

  private static final TypesImpl IMPL = new TypesImpl();

  /** A record with a component neither transport sends. */
  public interface SecretsApi {
    Secret echo(Secret secret);

    record Secret(String name, @JsonIgnore String token, @JsonIgnore int pin) {
    }
  }

  private static Axle provider;
  private static Axle highwayConsumer;
  private static Axle restConsumer;
  private static TypesApi highway;
  private static TypesApi rest;

  @BeforeAll
  static void start() {
    provider = ContractServers.provider(runtimes, builder -> builder.provider(SCHEMA, TypesApi.class, IMPL)
        .provider("SecretsApi", SecretsApi.class, secret -> secret));
    highwayConsumer = ContractServers.consumer(runtimes, provider, "highway");
    restConsumer = ContractServers.consumer(runtimes, provider, "rest");
    highway = highwayConsumer.reference(TypesApi.class, SERVICE, SCHEMA);
    rest = restConsumer.reference(TypesApi.class, SERVICE, SCHEMA);
  }

  @AfterAll
  static void stop() {
    for (Axle axle : new Axle[] {highwayConsumer, restConsumer, provider}) {
      if (axle != null) {
        axle.stop();
      }
    }
  }

  @Test
  void randomValuesOfEveryType_roundTripEquallyOverBothTransports() throws Exception {
    long base = Long.getLong("axle.test.seed", System.nanoTime());
    int cases = 0;
    for (OperationMeta operation : SchemaMeta.of(SCHEMA, TypesApi.class).operations().values()) {
      if (operation.name().equals("accept")) {
        continue;
      }
      DataType[] parameters = new DataType[operation.parameterCount()];
      for (int i = 0; i < parameters.length; i++) {
        parameters[i] = DataTypes.of(operation.parameterType(i), operation.qualifiedName());
      }
      for (int n = 0; n < CASES_PER_OPERATION; n++) {
        long seed = base + 7919L * n + operation.name().hashCode();
        RandomValues values = new RandomValues(seed);
        Object[] args = new Object[parameters.length];
        for (int i = 0; i < args.length; i++) {
          args[i] = values.of(parameters[i]);
        }
        Object expected = operation.name().equals("mixed") ? new TypesApi.Mixed((String) args[0], (Long) args[1],
            cast(args[2]), cast(args[3]), cast(args[4])) : args[0];
        String description = operation.qualifiedName() + " with seed " + seed + " (-Daxle.test.seed=" + base + ")";
        Object overHighway = call(highway, operation.method(), args, description + " over highway");
        Object overRest = call(rest, operation.method(), args, description + " over REST");
        assertThat(same(overHighway, expected)).as("%s over highway: %s (expected: %s)", description, overHighway,
            expected).isTrue();
        assertThat(same(overRest, expected)).as("%s over REST: %s (expected: %s)", description, overRest, expected)
            .isTrue();
        cases++;
      }
    }
    assertThat(cases).isGreaterThan(3000);
  }

  /** What was seen to fail before: records, an immutable list inside a map, a top-level list of records. */
  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void ordinaryJavaTypes_roundTrip(String transport) {
    TypesApi api = transport.equals("highway") ? highway : rest;
    TypesApi.OrderLine line = new TypesApi.OrderLine("sku-1", 2, new BigDecimal("9.90"),
        Optional.empty());
    TypesApi.Order order = new TypesApi.Order(UUID.randomUUID(), List.of(line),
        Map.of("a", List.of(1, 2)), Set.of(TypesApi.Level.HIGH),
        Instant.parse("2026-11-25T10:15:30Z"), LocalDate.of(2026, 12, 1), null, true);

    assertThat(api.order(order)).isEqualTo(order);
    assertThat(api.tags(Map.of("a", List.of(1, 2)))).containsExactly(
        Map.entry("a", List.of(1, 2)));
    assertThat(api.lines(List.of(line, line))).containsExactly(line, line);
    assertThat(api.lines(List.of())).as("empty, not null").isEmpty();
    assertThat(api.lines(null)).as("null, not empty").isNull();
    assertThat(api.text(Optional.empty())).isEmpty();
    assertThat(api.firstLine(Optional.of(line))).contains(line);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aRecordComponentMarkedJsonIgnore_isSentByNeitherTransport(String transport) {
    Axle consumer = transport.equals("highway") ? highwayConsumer : restConsumer;
    SecretsApi secrets = consumer.reference(SecretsApi.class, SERVICE, "SecretsApi");

    assertThat(secrets.echo(new SecretsApi.Secret("ann", "s3cr3t", 1234)))
        .isEqualTo(new SecretsApi.Secret("ann", null, 0));
  }

  @Test
  void voidOperation_receivesTheArgumentOverBothTransports() {
    TypesApi.Order order = (TypesApi.Order) new RandomValues(42).of(DataTypes.of(TypesApi.Order.class, "test"));
    highway.accept(order);
    assertThat(IMPL.accepted.getAndSet(null)).isEqualTo(order);
    rest.accept(order);
    assertThat(IMPL.accepted.getAndSet(null)).isEqualTo(order);
  }

  @SuppressWarnings("unchecked")
  private static <T> T cast(Object value) {
    return (T) value;
  }

  private static Object call(TypesApi proxy, Method method, Object[] args, String description) throws Exception {
    try {
      Object result = method.invoke(proxy, args);
      return result instanceof CompletableFuture<?> future ? future.get(30, TimeUnit.SECONDS) : result;
    } catch (InvocationTargetException e) {
      throw new AssertionError(description + " failed: " + e.getCause(), e.getCause());
    }
  }

  private static boolean same(Object a, Object b) {
    return Arrays.deepEquals(new Object[] {a}, new Object[] {b});
  }
}
