package io.axle.transport.types;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.SpecVersion;
import com.networknt.schema.ValidationMessage;
import io.axle.Axle;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.rest.internal.RestJson;
import io.axle.types.DataTypes;
import io.axle.testing.AxleExtension;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * {@code /openapi.json} checked against what the server really does: random requests of every
 * operation of {@link TypesApi} must validate against the document's request schemas, and every
 * answer — results, 204s, declared errors, undeclared errors, bad requests — against the schema the
 * document gives for its status, with a JSON Schema 2020-12 validator asserting formats too.
 */
@Tag("slow")
class OpenApiAnswersTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static final int CASES_PER_OPERATION = 40;
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonSchemaFactory SCHEMAS = JsonSchemaFactory.getInstance(SpecVersion.VersionFlag.V202012);
  private static final SchemaValidatorsConfig STRICT = SchemaValidatorsConfig.builder().formatAssertionsEnabled(true)
      .build();

  private static Axle provider;
  private static HttpClient http;
  private static String base;
  private static JsonNode document;

  @BeforeAll
  static void start() throws Exception {
    provider = ContractServers.provider(runtimes, builder -> builder
        .provider("TypesApi", TypesApi.class, new TypesImpl())
        .provider("ErrorsApi", ErrorsApi.class, new ErrorsApi.Impl()));
    // HTTP/1.1: the JDK client mishandles a large first answer after an h2c upgrade (docs/rest.md).
    http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    base = ContractServers.restBase(provider);
    document = JSON.readTree(get("/openapi.json").body());
  }

  @AfterAll
  static void stop() {
    if (provider != null) {
      provider.stop();
    }
    if (http != null) {
      http.close();
    }
  }

  @Test
  void everyAnswerOfEveryOperation_validatesAgainstTheDocument() throws Exception {
    RestJson restJson = new RestJson();
    long base = Long.getLong("axle.test.seed", System.nanoTime());
    int validated = 0;
    for (OperationMeta operation : SchemaMeta.of("TypesApi", TypesApi.class).operations().values()) {
      JsonNode post = document.at("/paths/~1TypesApi~1" + operation.name() + "/post");
      assertThat(post.isMissingNode()).as("%s is in the document", operation).isFalse();
      for (int n = 0; n < CASES_PER_OPERATION; n++) {
        long seed = base + 31L * n + operation.name().hashCode();
        RandomValues values = new RandomValues(seed);
        Map<String, Object> arguments = new LinkedHashMap<>();
        for (int i = 0; i < operation.parameterCount(); i++) {
          arguments.put(operation.parameterName(i), values.of(DataTypes.of(operation.parameterType(i), "test")));
        }
        String body = new String(restJson.write(arguments), StandardCharsets.UTF_8);
        String what = operation.qualifiedName() + " with seed " + seed + " (-Daxle.test.seed=" + base + ")";
        assertValid(post.at("/requestBody/content/application~1json/schema"), JSON.readTree(body),
            what + ": the request");

        HttpResponse<String> answer = post("/TypesApi/" + operation.name(), body);
        validated += assertDocumented(post, answer, what);
      }
    }
    assertThat(validated).isGreaterThan(900);
  }

  @Test
  void errorAnswers_declaredUndeclaredAndBadRequests_validateAgainstTheDocument() throws Exception {
    String[][] calls = {
        {"/ErrorsApi/find", "{\"id\":\"A-1\"}", "422"},
        {"/ErrorsApi/findAsync", "{\"id\":\"A-2\"}", "422"},
        {"/ErrorsApi/spend", "{\"amount\":12.5}", "422"},
        {"/ErrorsApi/quota", "{\"requested\":8}", "422"},
        {"/ErrorsApi/undeclared", "{\"message\":\"boom\"}", "500"},
        {"/ErrorsApi/spend", "{\"amount\":\"lots\"}", "400"},
        {"/TypesApi/level", "{\"level\":\"EXTREME\"}", "400"},
        {"/TypesApi/nope", "{}", "404"},
    };
    for (String[] call : calls) {
      HttpResponse<String> answer = post(call[0], call[1]);
      assertThat(answer.statusCode()).as("%s %s: %s", call[0], call[1], answer.body())
          .isEqualTo(Integer.parseInt(call[2]));
      JsonNode operation = document.at("/paths/" + call[0].replace("/", "~1") + "/post");
      if (operation.isMissingNode()) {
        operation = document.at("/paths/~1TypesApi~1level/post");  // a 404 is documented on every operation
      }
      assertDocumented(operation, answer, call[0] + " " + call[1]);
    }
    JsonNode declared = JSON.readTree(post("/ErrorsApi/find", "{\"id\":\"A-1\"}").body());
    assertThat(declared.get("type").asText()).isEqualTo("OrderNotFoundException");
    assertThat(declared.at("/details/orderId").asText()).isEqualTo("A-1");
  }

  /** Validates an answer against the document's schema for its status; 1 when it had a body to check. */
  private static int assertDocumented(JsonNode operation, HttpResponse<String> answer, String what) throws Exception {
    String status = Integer.toString(answer.statusCode());
    JsonNode response = operation.at("/responses/" + status);
    assertThat(response.isMissingNode()).as("%s: status %s is documented (body %s)", what, status, answer.body())
        .isFalse();
    JsonNode schema = response.at("/content/application~1json/schema");
    if (schema.isMissingNode()) {
      assertThat(answer.body()).as("%s: a %s without content in the document has no body", what, status).isEmpty();
      return 0;
    }
    assertValid(schema, JSON.readTree(answer.body()), what + ": the " + status + " answer");
    return 1;
  }

  private static void assertValid(JsonNode schema, JsonNode value, String what) {
    ObjectNode root = schema.deepCopy();
    // References point into the document's components: give the schema the same root.
    root.set("components", document.get("components"));
    JsonSchema validator = SCHEMAS.getSchema(root, STRICT);
    Set<ValidationMessage> problems = validator.validate(value);
    String shown = value.toString();
    assertThat(problems).as("%s: %s against %s", what, shown.length() > 600 ? shown.substring(0, 600) + "..." : shown,
        schema).isEmpty();
  }

  private static HttpResponse<String> get(String path) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(base + path)).GET().build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static HttpResponse<String> post(String path, String body) throws Exception {
    return http.send(HttpRequest.newBuilder(URI.create(base + path)).header("content-type", "application/json")
        .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
  }
}
