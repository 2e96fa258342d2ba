package io.axle.rest.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.contract.SchemaMeta;
import io.axle.rest.internal.OpenApiDocument;
import io.axle.rest.internal.RestMappings;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * {@code GET /openapi.json} on a running provider: it is the document of the served operations,
 * and a client that builds its requests from nothing but that document calls every operation.
 */
class OpenApiEndpointTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
      .connectTimeout(Duration.ofSeconds(5)).build();
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static Axle echoProvider;
  private static Axle petProvider;

  @BeforeAll
  static void start() {
    echoProvider = runtimes.provider("rest", new EchoServiceImpl(), Map.of());
    Map<String, Object> pets = new LinkedHashMap<>();
    pets.put("axle.service.name", "pet-service");
    pets.put("axle.rest.address", "127.0.0.1:0");
    pets.put("axle.rest.server.thread-count", 1);
    pets.put("axle.rest.client.thread-count", 1);
    petProvider = runtimes.start(Axle.builder().config(Runtimes.config(pets))
        .provider("PetApi", PetApi.class, new PetStore()));
  }

  @AfterAll
  static void stop() {
    if (echoProvider != null) {
      echoProvider.stop();
    }
    if (petProvider != null) {
      petProvider.stop();
    }
  }

  @Test
  void servesTheDocumentOfItsOperations() throws Exception {
    HttpResponse<String> response = get(echoProvider, "/openapi.json");

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.headers().firstValue("content-type")).hasValueSatisfying(
        type -> assertThat(type).startsWith("application/json"));
    String expected = OpenApiDocument.json(Runtimes.SERVICE,
        RestMappings.of(SchemaMeta.of(Runtimes.SCHEMA, EchoService.class), EchoServiceImpl.class));
    assertThat(response.body()).isEqualTo(expected);
    assertThat(OpenApiDocumentTest.parse(response.body()).getPaths()).hasSize(EchoService.class.getMethods().length);
  }

  @Test
  void aClientBuiltFromTheDocumentCallsEveryOperation() throws Exception {
    OpenAPI api = OpenApiDocumentTest.parse(get(petProvider, "/openapi.json").body());
    Map<String, Object> values = Map.of("id", 7, "tag", List.of("a", "b c"), "kind", "DOG", "name", "rex",
        "x-tenant", "t1", "x-request-id", "r1");
    Map<String, String> bodies = Map.of(
        "create", "{\"name\":\"tom\",\"kind\":\"CAT\",\"tags\":[\"x\"]}",
        "setPhoto", "\"AQID\"");
    Map<String, String> expected = new LinkedHashMap<>();
    expected.put("setPhoto", "");
    expected.put("photo", "\"AQID\"");
    expected.put("get", "tenant t1");
    expected.put("search", "DOG|[a, b c]|10|rex");
    expected.put("create", "tom (request r1)");
    expected.put("count", "1");
    expected.put("delete", "");

    Map<String, Operation> operations = new LinkedHashMap<>();
    api.getPaths().forEach((path, item) -> item.readOperationsMap().forEach((method, operation) ->
        operations.put(operation.getOperationId(), operation)));
    assertThat(operations).containsOnlyKeys(expected.keySet());
    for (String operationId : expected.keySet()) {
      Operation operation = operations.get(operationId);
      String[] route = route(api, operation);
      HttpResponse<String> response = call(api, route[0], route[1], operation, values, bodies.get(operationId));
      // The document's own success code: 204 without a body for a void operation, else 200.
      String success = operation.getResponses().containsKey("204") ? "204" : "200";
      assertThat(response.statusCode()).as("%s %s %s: %s", operationId, route[0], route[1], response.body())
          .isEqualTo(Integer.parseInt(success));
      if (success.equals("204")) {
        assertThat(response.body()).as(operationId).isEqualTo(expected.get(operationId));
        continue;
      }
      JsonNode body = JSON.readTree(response.body());
      String got = body.isArray() ? body.get(0).get("name").asString()
          : body.isObject() ? body.get("name").asString() : body.toString();
      assertThat(got).as(operationId).isEqualTo(expected.get(operationId));
    }
  }

  @Test
  void aMissingRequiredParameter_isAnsweredWithTheDocumentedErrorBody() throws Exception {
    OpenAPI api = OpenApiDocumentTest.parse(get(petProvider, "/openapi.json").body());
    Operation search = api.getPaths().get("/pets").getGet();

    HttpResponse<String> response = call(api, "GET", "/pets", search, Map.of("kind", "DOG"), null);

    assertThat(response.statusCode()).isEqualTo(400);
    assertThat(search.getResponses()).containsKey("400");
    Schema<?> error = api.getComponents().getSchemas().get("Error");
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.propertyNames()).containsExactlyInAnyOrderElementsOf(error.getRequired());
    assertThat(body.get("status").asInt()).isEqualTo(400);
    assertThat(body.get("error").asString()).isEqualTo("BAD_REQUEST");
    assertThat(body.get("message").asString()).contains("tag");
  }

  private static String[] route(OpenAPI api, Operation operation) {
    for (Map.Entry<String, PathItem> path : api.getPaths().entrySet()) {
      for (Map.Entry<PathItem.HttpMethod, Operation> op : path.getValue().readOperationsMap().entrySet()) {
        if (op.getValue() == operation) {
          return new String[] {op.getKey().name(), path.getKey()};
        }
      }
    }
    throw new AssertionError("no route for " + operation.getOperationId());
  }

  /** A request built only from what the document says about the operation. */
  private static HttpResponse<String> call(OpenAPI api, String method, String pathTemplate, Operation operation,
      Map<String, Object> values, String body) throws Exception {
    String path = pathTemplate;
    List<String> query = new ArrayList<>();
    Map<String, String> headers = new LinkedHashMap<>();
    for (Parameter declared : operation.getParameters()) {
      Parameter parameter = declared.get$ref() == null ? declared
          : api.getComponents().getParameters().get(declared.get$ref().substring(declared.get$ref().lastIndexOf('/') + 1));
      Object value = values.get(parameter.getName());
      if (value == null) {
        continue;
      }
      switch (parameter.getIn()) {
        case "path" -> path = path.replace("{" + parameter.getName() + "}", encode(value.toString()));
        case "query" -> {
          boolean repeat = Set.of("array").equals(parameter.getSchema().getTypes()) && Boolean.TRUE.equals(parameter.getExplode());
          List<?> items = repeat ? (List<?>) value : List.of(value);
          items.forEach(item -> query.add(encode(parameter.getName()) + "=" + encode(item.toString())));
        }
        case "header" -> headers.put(parameter.getName(), value.toString());
        default -> throw new AssertionError(parameter.getIn());
      }
    }
    assertThat(path).doesNotContain("{");
    Endpoint endpoint = new Endpoint(petProvider);
    HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(endpoint.base() + path
        + (query.isEmpty() ? "" : "?" + String.join("&", query)))).timeout(Duration.ofSeconds(10));
    headers.forEach(request::header);
    if (operation.getRequestBody() != null) {
      String type = operation.getRequestBody().getContent().keySet().iterator().next();
      request.header("content-type", type).method(method, HttpRequest.BodyPublishers.ofString(body));
    } else {
      request.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> get(Axle provider, String path) throws Exception {
    return HTTP.send(HttpRequest.newBuilder(URI.create(new Endpoint(provider).base() + path))
        .timeout(Duration.ofSeconds(10)).GET().build(), HttpResponse.BodyHandlers.ofString());
  }

  private static String encode(String text) {
    return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** Where a provider's REST server listens. */
  private record Endpoint(Axle provider) {
    String base() {
      return "http://127.0.0.1:" + provider.endpoint("rest").orElseThrow().port();
    }
  }
}
