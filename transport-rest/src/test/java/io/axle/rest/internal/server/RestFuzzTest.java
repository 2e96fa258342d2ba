package io.axle.rest.internal.server;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import io.axle.AxleException;
import io.axle.Status;
import io.axle.contract.SchemaMeta;
import io.axle.executor.AxleExecutors;
import io.axle.internal.FilterChains;
import io.axle.internal.MethodInvoker;
import io.axle.internal.ServedOperation;
import io.axle.rest.internal.PlainJson;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestMappings;
import io.axle.rest.internal.RestOperation;
import io.axle.rest.server.UserApi;
import io.axle.rest.server.UserApiImpl;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.vertx.core.buffer.Buffer;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Tag;
import tools.jackson.databind.JsonNode;

/**
 * Fuzz targets for what a REST caller controls: the arguments an operation reads from its path,
 * query and body, and the JSON fast path ({@link PlainJson}) that reads RPC bodies and string
 * answers without Jackson. Argument binding either yields arguments or a {@code BAD_REQUEST}; the
 * fast path, whenever it answers, answers exactly what Jackson reads from the same bytes.
 *
 * <p>{@code ./mvnw verify} runs each target over its checked-in inputs
 * ({@code src/test/resources/io/axle/rest/internal/server/RestFuzzTestInputs/<target>/}). To fuzz
 * one for a while: {@code JAZZER_FUZZ=1 ./mvnw -pl transport-rest test -Dtest=RestFuzzTest#plainJson}
 * (docs/security.md, "Fuzzing").
 */
@Tag("slow")
class RestFuzzTest {
  private static final RestJson JSON = new RestJson();
  /** Every route of the two test schemas but those that read headers, which need a live request. */
  private static final List<OperationRoute> ROUTES = routes();
  private static final String[] NAMES = {"message", "a", "b", "flag"};
  private static final PlainJson.ObjectReader READER = new PlainJson.ObjectReader(NAMES,
      new PlainJson.Kind[] {PlainJson.Kind.STRING, PlainJson.Kind.INT, PlainJson.Kind.LONG, PlainJson.Kind.BOOLEAN});

  @FuzzTest(maxDuration = "5m")
  void arguments(FuzzedDataProvider data) {
    OperationRoute route = ROUTES.get(data.consumeInt(0, ROUTES.size() - 1));
    String pathValue = data.consumeString(40);
    List<String> queryValues = new ArrayList<>();
    for (int i = data.consumeInt(0, 3); i > 0; i--) {
      queryValues.add(data.consumeString(40));
    }
    byte[] body = data.consumeRemainingAsBytes();
    RequestView request = new RequestView() {
      @Override
      public List<String> headers(String name) {
        throw new UnsupportedOperationException("no header-reading route is fuzzed here");
      }

      @Override
      public String header(String name) {
        throw new UnsupportedOperationException("no header-reading route is fuzzed here");
      }

      @Override
      public io.axle.registry.Endpoint caller() {
        return null;
      }

      @Override
      public Reply reply() {
        throw new UnsupportedOperationException("arguments only: nothing is answered here");
      }

      @Override
      public String pathParam(String routerName) {
        return pathValue;
      }

      @Override
      public List<String> queryParam(String name) {
        return queryValues;
      }
    };
    try {
      Object[] args = route.readArguments(request, Buffer.buffer(body));
      assertThat(args).hasSize(route.rest().operation().parameterCount());
    } catch (AxleException e) {
      assertThat(e.status()).as("%s", e).isEqualTo(Status.BAD_REQUEST);
    }
  }

  @FuzzTest(maxDuration = "5m")
  void plainJson(byte[] data) {
    Object[] fast = READER.read(data);
    if (fast != null) {
      JsonNode tree = JSON.tree(data);
      assertThat(tree.isObject()).as("a document the fast path read").isTrue();
      List<String> names = new ArrayList<>();
      Iterator<Map.Entry<String, JsonNode>> fields = tree.properties().iterator();
      fields.forEachRemaining(field -> names.add(field.getKey()));
      assertThat(List.of(NAMES)).containsAll(names);
      for (int i = 0; i < NAMES.length; i++) {
        JsonNode node = tree.get(NAMES[i]);
        if (fast[i] == PlainJson.ObjectReader.ABSENT) {
          assertThat(node).as("field %s", NAMES[i]).isNull();
        } else {
          Object jackson = switch (i) {
            case 0 -> node.isString() ? node.asString() : node;
            case 1 -> node.isInt() ? node.intValue() : node;
            case 2 -> node.canConvertToLong() && node.isIntegralNumber() ? node.longValue() : node;
            default -> node.isBoolean() ? node.booleanValue() : node;
          };
          assertThat(fast[i]).as("field %s of %s", NAMES[i], new String(data, java.nio.charset.StandardCharsets.ISO_8859_1))
              .isEqualTo(jackson);
        }
      }
    }
    String string = PlainJson.readString(data);
    if (string != null) {
      assertThat(JSON.read(data, String.class)).isEqualTo(string);
    }
  }

  private static List<OperationRoute> routes() {
    List<OperationRoute> routes = new ArrayList<>();
    add(routes, SchemaMeta.of("UserApi", UserApi.class), new UserApiImpl());
    add(routes, SchemaMeta.of("EchoService", EchoService.class), new EchoServiceImpl());
    return List.copyOf(routes);
  }

  private static void add(List<OperationRoute> routes, SchemaMeta schema, Object implementation) {
    for (RestOperation rest : RestMappings.of(schema, implementation.getClass())) {
      if (rest.operation().name().equals("me")) {
        continue;
      }
      ServedOperation provider = new ServedOperation(rest.operation(), implementation.getClass(),
          AxleExecutors.inline(), "inline",
          FilterChains.build(List.of(), new MethodInvoker(rest.operation(), implementation)));
      routes.add(new OperationRoute(provider, rest, JSON));
    }
  }
}
