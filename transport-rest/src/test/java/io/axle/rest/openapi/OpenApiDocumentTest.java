package io.axle.rest.openapi;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.contract.SchemaMeta;
import io.axle.rest.internal.OpenApiDocument;
import io.axle.rest.internal.RestMappings;
import io.axle.rest.internal.RestOperation;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.parser.OpenAPIV3Parser;
import io.swagger.v3.parser.core.models.ParseOptions;
import io.swagger.v3.parser.core.models.SwaggerParseResult;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The document validates with swagger-parser and describes every operation as the server reads it:
 * method, path, parameters with where they travel, body, result and errors.
 */
@SuppressWarnings({"rawtypes", "unchecked"}) // swagger-models' Schema is generic only in name
class OpenApiDocumentTest {
  private static final List<String> ERROR_CODES = List.of("400", "404", "500", "503", "504");

  static List<RestOperation> petOperations() {
    return RestMappings.of(SchemaMeta.of("PetApi", PetApi.class), null);
  }

  static List<RestOperation> echoOperations() {
    return RestMappings.of(SchemaMeta.of("EchoService", EchoService.class), EchoServiceImpl.class);
  }

  /** Parses the JSON as a client generator would, failing on any message. */
  static OpenAPI parse(String json) {
    ParseOptions options = new ParseOptions();
    options.setResolve(true);
    SwaggerParseResult result = new OpenAPIV3Parser().readContents(json, null, options);
    assertThat(result.getMessages()).as("swagger-parser messages for%n%s", json).isEmpty();
    assertThat(result.getOpenAPI()).isNotNull();
    return result.getOpenAPI();
  }

  @Test
  void annotatedSchema_validatesAndListsEveryOperationWithItsMethodAndPath() {
    OpenAPI api = parse(OpenApiDocument.json("pet-service", petOperations()));

    assertThat(api.getOpenapi()).isEqualTo("3.1.0");
    assertThat(api.getInfo().getTitle()).isEqualTo("pet-service");
    assertThat(api.getPaths()).containsOnlyKeys("/pets", "/pets/count", "/pets/{id}", "/pets/{id}/photo");
    assertThat(new ArrayList<>(api.getPaths().keySet())).isSorted();
    assertThat(methods(api)).containsExactlyInAnyOrder(
        "GET /pets search", "POST /pets create", "GET /pets/count count", "GET /pets/{id} get",
        "DELETE /pets/{id} delete", "GET /pets/{id}/photo photo", "PUT /pets/{id}/photo setPhoto");
    assertThat(api.getTags()).extracting(t -> t.getName()).containsExactly("PetApi");
    for (Operation operation : operations(api)) {
      assertThat(operation.getTags()).containsExactly("PetApi");
    }
  }

  @Test
  void annotatedSchema_pathQueryAndHeaderParameters_withRequiredFlagsAndDefaults() {
    OpenAPI api = parse(OpenApiDocument.json("pet-service", petOperations()));

    Operation get = api.getPaths().get("/pets/{id}").getGet();
    Parameter id = param(get, "id");
    assertThat(id.getIn()).isEqualTo("path");
    assertThat(id.getRequired()).isTrue();
    assertType(id.getSchema(), "integer", "int64");
    Parameter tenant = param(get, "x-tenant");
    assertThat(tenant.getIn()).isEqualTo("header");
    assertThat(tenant.getRequired()).isFalse();
    assertType(tenant.getSchema(), "string", null);

    Operation search = api.getPaths().get("/pets").getGet();
    assertThat(search.getRequestBody()).isNull();
    Parameter kind = param(search, "kind");
    assertThat(kind.getIn()).isEqualTo("query");
    assertThat(kind.getRequired()).isFalse();
    assertThat(enumOf(api, kind.getSchema())).containsExactly("CAT", "DOG", "FISH");
    Parameter tag = param(search, "tag");
    assertThat(tag.getIn()).isEqualTo("query");
    assertThat(tag.getRequired()).isTrue();
    assertThat(tag.getStyle()).isEqualTo(Parameter.StyleEnum.FORM);
    assertThat(tag.getExplode()).isTrue();
    assertType(tag.getSchema(), "array", null);
    assertType(tag.getSchema().getItems(), "string", null);
    Parameter limit = param(search, "limit");
    assertThat(limit.getRequired()).isFalse();
    assertType(limit.getSchema(), "integer", "int32");
    assertThat(limit.getSchema().getDefault()).isEqualTo(10);
    Parameter name = param(search, "name");
    assertThat(name.getRequired()).as("Optional<String> is not required").isFalse();
    assertType(name.getSchema(), "string", null);

    Operation create = api.getPaths().get("/pets").getPost();
    Parameter requestId = param(create, "x-request-id");
    assertThat(requestId.getIn()).isEqualTo("header");
    assertThat(requestId.getRequired()).isTrue();

    Parameter unannotated = param(api.getPaths().get("/pets/count").getGet(), "kind");
    assertThat(unannotated.getIn()).isEqualTo("query");
    assertThat(unannotated.getRequired()).isFalse();
  }

  @Test
  void everyOperationAcceptsTheAxleHeaders() {
    OpenAPI api = parse(OpenApiDocument.json("pet-service", petOperations()));

    assertThat(api.getComponents().getParameters()).containsOnlyKeys("AxleTimeout", "AxleContext");
    assertThat(api.getComponents().getParameters().get("AxleTimeout").getName()).isEqualTo("x-axle-timeout-ms");
    assertThat(api.getComponents().getParameters().get("AxleContext").getName()).isEqualTo("x-axle-context");
    for (Operation operation : operations(api)) {
      assertThat(operation.getParameters()).extracting(Parameter::get$ref)
          .contains("#/components/parameters/AxleTimeout", "#/components/parameters/AxleContext");
    }
  }

  @Test
  void annotatedSchema_bodiesAndResults() {
    OpenAPI api = parse(OpenApiDocument.json("pet-service", petOperations()));

    Operation create = api.getPaths().get("/pets").getPost();
    assertThat(create.getRequestBody().getRequired()).isTrue();
    assertThat(ref(bodySchema(create))).isEqualTo("#/components/schemas/Pet");
    assertThat(ref(result(create))).as("CompletableFuture<Pet> answers a Pet").isEqualTo("#/components/schemas/Pet");

    Operation search = api.getPaths().get("/pets").getGet();
    assertType(result(search), "array", null);
    assertThat(ref(result(search).getItems())).isEqualTo("#/components/schemas/Pet");

    Operation setPhoto = api.getPaths().get("/pets/{id}/photo").getPut();
    assertType(bodySchema(setPhoto), "string", "byte");
    assertNoContent(setPhoto, "void answers 204 without a body");

    assertType(result(api.getPaths().get("/pets/{id}/photo").getGet()), "string", "byte");
    assertNoContent(api.getPaths().get("/pets/{id}").getDelete(), "CompletableFuture<Void> answers 204");
    assertType(result(api.getPaths().get("/pets/count").getGet()), "integer", "int32");
  }

  @Test
  void pojosAreComponentsWithTheirJacksonProperties() {
    OpenAPI api = parse(OpenApiDocument.json("pet-service", petOperations()));
    Map<String, Schema> schemas = api.getComponents().getSchemas();

    assertThat(schemas).containsOnlyKeys("Error", "Kind", "Owner", "Pet");
    assertThat(new ArrayList<>(schemas.keySet())).isSorted();
    Schema<?> pet = schemas.get("Pet");
    assertType(pet, "object", null);
    Map<String, Schema> p = pet.getProperties();
    assertThat(p).containsOnlyKeys("name", "id", "kind", "tags", "attributes", "parent", "owner", "photo",
        "nickname");
    assertType(p.get("name"), "string", null);
    assertType(p.get("id"), "integer", "int64");
    assertThat(ref(p.get("kind"))).as("an enum is a component of its own").isEqualTo("#/components/schemas/Kind");
    assertThat(enumOf(api, p.get("kind"))).containsExactly("CAT", "DOG", "FISH");
    assertType(p.get("tags"), "array", null);
    assertType(p.get("tags").getItems(), "string", null);
    assertType(p.get("attributes"), "object", null);
    assertType((Schema<?>) p.get("attributes").getAdditionalProperties(), "string", null);
    assertThat(ref(p.get("parent"))).isEqualTo("#/components/schemas/Pet");
    assertThat(ref(p.get("owner"))).isEqualTo("#/components/schemas/Owner");
    assertType(p.get("photo"), "string", "byte");
    assertType(p.get("nickname"), "string", null);
    assertThat(pet.getRequired()).as("every property is in every answer, as null when it has no value")
        .containsExactlyInAnyOrderElementsOf(p.keySet());
    assertThat(p.get("nickname").getTypes()).as("Optional<String>").containsExactly("string", "null");
    assertThat(p.get("id").getTypes()).as("a long is never null").containsExactly("integer");

    Map<String, Schema> owner = schemas.get("Owner").getProperties();
    assertThat(owner).containsOnlyKeys("name", "rating", "verified");
    assertType(owner.get("rating"), "number", "double");
    assertType(owner.get("verified"), "boolean", null);
  }

  @Test
  void everyOperationAnswersTheErrorBodyOnFailure() {
    OpenAPI api = parse(OpenApiDocument.json("pet-service", petOperations()));

    Schema<?> error = api.getComponents().getSchemas().get("Error");
    assertThat(error.getProperties()).containsOnlyKeys("status", "error", "message", "notRun");
    assertThat(error.getRequired()).containsExactlyInAnyOrder("status", "error", "message");
    assertType((Schema<?>) error.getProperties().get("status"), "integer", "int32");
    assertType((Schema<?>) error.getProperties().get("error"), "string", null);
    assertType((Schema<?>) error.getProperties().get("message"), "string", null);
    assertType((Schema<?>) error.getProperties().get("notRun"), "boolean", null);
    for (Operation operation : operations(api)) {
      assertThat(operation.getResponses().keySet()).as("the success of %s", operation.getOperationId())
          .containsAnyOf("200", "204");
      for (String code : ERROR_CODES) {
        ApiResponse response = operation.getResponses().get(code);
        assertThat(response).as("%s %s", operation.getOperationId(), code).isNotNull();
        assertThat(response.getDescription()).isNotBlank();
        assertThat(ref(response.getContent().get("application/json").getSchema()))
            .isEqualTo("#/components/schemas/Error");
      }
    }
  }

  @Test
  void rpcStyleSchema_validatesAndPostsTheNamedArgumentsAsOneObject() {
    OpenAPI api = parse(OpenApiDocument.json("echo-service", echoOperations()));

    Set<String> names = SchemaMeta.of("EchoService", EchoService.class).operations().keySet();
    assertThat(api.getPaths()).hasSameSizeAs(names);
    for (String name : names) {
      PathItem item = api.getPaths().get("/EchoService/" + name);
      assertThat(item).as("path of %s", name).isNotNull();
      assertThat(item.readOperations()).hasSize(1);
      assertThat(item.getPost()).as("%s is a POST", name).isNotNull();
      assertThat(item.getPost().getOperationId()).isEqualTo(name);
      assertThat(item.getPost().getTags()).containsExactly("EchoService");
    }

    Schema<?> add = bodySchema(post(api, "add"));
    assertType(add, "object", null);
    assertThat(add.getProperties()).containsOnlyKeys("a", "b");
    assertThat(new ArrayList<>(add.getProperties().keySet())).containsExactly("a", "b");
    assertType((Schema<?>) add.getProperties().get("a"), "integer", "int32");
    assertType(result(post(api, "add")), "integer", "int32");
    assertThat(post(api, "add").getRequestBody().getRequired()).as("no body: every argument absent").isFalse();
    assertThat(post(api, "add").getParameters()).extracting(Parameter::get$ref)
        .as("only the Axle headers").containsOnly("#/components/parameters/AxleTimeout",
            "#/components/parameters/AxleContext");

    Schema<?> delayed = bodySchema(post(api, "delayedEcho"));
    assertThat(delayed.getProperties()).containsOnlyKeys("message", "delayMs");
    assertType(result(post(api, "delayedEcho")), "string", null);

    assertThat(ref(((Schema<?>) bodySchema(post(api, "roundTrip")).getProperties().get("pojo"))))
        .isEqualTo("#/components/schemas/Pojo");
    assertThat(ref(result(post(api, "roundTrip")))).isEqualTo("#/components/schemas/Pojo");
    assertThat(enumOf(api, ((Schema<?>) bodySchema(post(api, "next")).getProperties().get("color"))))
        .containsExactly("RED", "GREEN", "BLUE");
    assertType((Schema<?>) bodySchema(post(api, "reverse")).getProperties().get("bytes"), "string", "byte");
    assertType(result(post(api, "reverse")), "string", "byte");
    assertNoContent(post(api, "fireAndForget"), "void");
    assertThat(post(api, "threadInfo").getRequestBody()).as("no arguments, no body").isNull();

    Map<String, Schema> pojo = api.getComponents().getSchemas().get("Pojo").getProperties();
    assertThat(pojo).containsOnlyKeys("name", "id", "tags", "counts", "child");
    assertType((Schema<?>) pojo.get("counts").getAdditionalProperties(), "integer", "int32");
    assertThat(ref(pojo.get("child"))).isEqualTo("#/components/schemas/Pojo");
  }

  @Test
  void operationNamesSharedBySchemas_arePrefixedWithTheSchemaId() {
    List<RestOperation> both = new ArrayList<>(echoOperations());
    both.addAll(RestMappings.of(SchemaMeta.of("Other", OtherEcho.class), null));

    OpenAPI api = parse(OpenApiDocument.json("two", both));

    assertThat(post(api, "echo").getOperationId()).isEqualTo("EchoService_echo");
    assertThat(api.getPaths().get("/Other/echo").getPost().getOperationId()).isEqualTo("Other_echo");
    assertThat(api.getPaths().get("/Other/shout").getPost().getOperationId()).isEqualTo("shout");
    assertThat(post(api, "add").getOperationId()).isEqualTo("add");
    assertThat(api.getTags()).extracting(t -> t.getName()).containsExactly("EchoService", "Other");
  }

  @Test
  void aUserTypeNamedError_keepsItsName_andTheErrorBodyYields() {
    OpenAPI api = parse(OpenApiDocument.json("errors", RestMappings.of(SchemaMeta.of("Errors", Errors.class), null)));

    assertThat(api.getComponents().getSchemas()).containsKeys("Error", "AxleError");
    assertThat(api.getComponents().getSchemas().get("Error").getProperties()).containsOnlyKeys("code");
    assertThat(ref(result(api.getPaths().get("/Errors/last").getPost()))).isEqualTo("#/components/schemas/Error");
    assertThat(api.getPaths().get("/Errors/last").getPost().getResponses().get("500").getContent()
        .get("application/json").getSchema().get$ref()).isEqualTo("#/components/schemas/AxleError");
  }

  @Test
  void theDocumentIsTheSameWhateverTheOrderOfOperations() {
    List<RestOperation> operations = new ArrayList<>(petOperations());
    operations.addAll(echoOperations());
    String first = OpenApiDocument.json("svc", operations);
    Collections.reverse(operations);

    assertThat(OpenApiDocument.json("svc", operations)).isEqualTo(first);
    assertThat(first).startsWith("{").contains("\"openapi\" : \"3.1.0\"");
  }

  @Test
  void defaultsAreTheTypedValuesTheServerReads() {
    OpenAPI api = parse(OpenApiDocument.json("d", RestMappings.of(SchemaMeta.of("Defaults", Defaults.class), null)));

    Operation list = api.getPaths().get("/d").getGet();
    assertThat(param(list, "size").getSchema().getDefault()).isEqualTo(new BigDecimal("2.5"));
    assertThat(param(list, "kind").getSchema().getDefault()).isEqualTo("DOG");
    assertThat(param(list, "flag").getSchema().getDefault()).isEqualTo(true);
    assertThat(param(list, "tags").getSchema().getDefault()).as("split at commas, as Spring MVC does")
        .hasToString("[\"a\",\"b\"]");
    assertThat(param(list, "tags").getRequired()).isFalse();
  }

  @Test
  void aPrimitiveWithoutDefault_isRequired_becauseTheServerCannotPassNull() {
    OpenAPI api = parse(OpenApiDocument.json("d", RestMappings.of(SchemaMeta.of("Defaults", Defaults.class), null)));

    Operation list = api.getPaths().get("/d").getGet();
    assertThat(param(list, "page").getIn()).isEqualTo("query");
    assertThat(param(list, "page").getRequired()).isTrue();
    assertThat(param(list, "size2").getRequired()).isFalse();
    assertThat(param(list, "size").getRequired()).as("has a default").isFalse();
  }

  @Test
  void templatesDifferingOnlyInVariableNames_shareOnePath() {
    OpenAPI api = parse(OpenApiDocument.json("u", RestMappings.of(SchemaMeta.of("Users", Users.class), null)));

    assertThat(api.getPaths()).containsOnlyKeys("/u/{id}", "/u/{id}/tags/{tag}");
    Operation rename = api.getPaths().get("/u/{id}").getPut();
    assertThat(rename.getOperationId()).isEqualTo("rename");
    assertThat(param(rename, "id").getIn()).as("{user-id} renamed to the shared path's {id}").isEqualTo("path");
    assertThat(rename.getParameters()).extracting(Parameter::getName).doesNotContain("user-id");
    Operation untag = api.getPaths().get("/u/{id}/tags/{tag}").getDelete();
    assertThat(param(untag, "id").getSchema().getFormat()).isEqualTo("int64");
    assertThat(param(untag, "tag").getSchema().getTypes()).containsExactly("string");
  }

  /** The same path twice with different variable names. */
  @org.springframework.web.bind.annotation.RequestMapping("/u")
  interface Users {
    @org.springframework.web.bind.annotation.GetMapping("/{id}")
    String get(@org.springframework.web.bind.annotation.PathVariable("id") long id);

    @org.springframework.web.bind.annotation.PutMapping("/{user-id}")
    String rename(@org.springframework.web.bind.annotation.PathVariable("user-id") long id,
        @org.springframework.web.bind.annotation.RequestParam("name") String name);

    @org.springframework.web.bind.annotation.GetMapping("/{id}/tags/{tag}")
    String tag(@org.springframework.web.bind.annotation.PathVariable("id") long id,
        @org.springframework.web.bind.annotation.PathVariable("tag") String tag);

    @org.springframework.web.bind.annotation.DeleteMapping("/{uid}/tags/{name}")
    String untag(@org.springframework.web.bind.annotation.PathVariable("uid") long id,
        @org.springframework.web.bind.annotation.PathVariable("name") String tag);
  }

  /** A second RPC-style schema sharing an operation name with EchoService. */
  interface OtherEcho {
    String echo(String message);

    String shout(String message);
  }

  /** A result type named like the error body. */
  interface Errors {
    Error last();

    class Error {
      public int code;
    }
  }

  /** Defaults of several types. */
  @org.springframework.web.bind.annotation.RequestMapping("/d")
  interface Defaults {
    @org.springframework.web.bind.annotation.GetMapping
    String list(@org.springframework.web.bind.annotation.RequestParam(name = "size", defaultValue = "2.5") double size,
        @org.springframework.web.bind.annotation.RequestParam(name = "kind", defaultValue = "DOG") PetApi.Kind kind,
        @org.springframework.web.bind.annotation.RequestParam(name = "flag", defaultValue = "true") boolean flag,
        @org.springframework.web.bind.annotation.RequestParam(name = "tags", defaultValue = "a,b") List<String> tags,
        int page, Integer size2);
  }

  // --- helpers

  private static List<String> methods(OpenAPI api) {
    List<String> methods = new ArrayList<>();
    api.getPaths().forEach((path, item) -> item.readOperationsMap()
        .forEach((method, op) -> methods.add(method + " " + path + " " + op.getOperationId())));
    return methods;
  }

  private static List<Operation> operations(OpenAPI api) {
    return api.getPaths().values().stream().flatMap(i -> i.readOperations().stream()).collect(Collectors.toList());
  }

  private static Operation post(OpenAPI api, String echoOperation) {
    return api.getPaths().get("/EchoService/" + echoOperation).getPost();
  }

  private static Parameter param(Operation operation, String name) {
    return operation.getParameters().stream().filter(p -> name.equals(p.getName())).findFirst()
        .orElseThrow(() -> new AssertionError("no parameter " + name + " in " + operation.getOperationId()));
  }

  private static Schema<?> bodySchema(Operation operation) {
    assertThat(operation.getRequestBody()).as("body of %s", operation.getOperationId()).isNotNull();
    assertThat(operation.getRequestBody().getContent()).containsOnlyKeys("application/json");
    return operation.getRequestBody().getContent().get("application/json").getSchema();
  }

  private static Schema<?> result(Operation operation) {
    ApiResponse ok = operation.getResponses().get("200");
    assertThat(ok.getContent()).containsOnlyKeys("application/json");
    return ok.getContent().get("application/json").getSchema();
  }

  private static void assertNoContent(Operation operation, String why) {
    assertThat(operation.getResponses()).as(why).containsKey("204").doesNotContainKey("200");
    assertThat(operation.getResponses().get("204").getContent()).as(why).isNull();
  }

  /** The values of an enum schema, through its component when it is a reference. */
  static List<Object> enumOf(OpenAPI api, Schema<?> schema) {
    String ref = ref(schema);
    if (ref != null) {
      schema = api.getComponents().getSchemas().get(ref.substring(ref.lastIndexOf('/') + 1));
    }
    assertThat(schema.getEnum()).as("enum of %s", schema).isNotNull();
    return new ArrayList<>(schema.getEnum());
  }

  private static void assertType(Schema<?> schema, String type, String format) {
    assertThat(schema).isNotNull();
    assertThat(nonNullTypes(schema)).as("types of %s", schema).containsExactly(type);
    assertThat(schema.getFormat()).as("format of %s", schema).isEqualTo(format);
  }

  /** The {@code $ref} of a schema, also when it is wrapped as nullable: {@code anyOf: [$ref, {type: null}]}. */
  static String ref(Schema<?> schema) {
    if (schema.get$ref() != null) {
      return schema.get$ref();
    }
    if (schema.getAnyOf() != null && schema.getAnyOf().size() == 2) {
      Schema<?> first = (Schema<?>) schema.getAnyOf().get(0);
      Schema<?> second = (Schema<?>) schema.getAnyOf().get(1);
      if (second.getTypes() != null && second.getTypes().equals(java.util.Set.of("null"))) {
        return first.get$ref();
      }
    }
    return null;
  }

  /** A schema's JSON types without {@code "null"}: what a non-null value is. */
  static java.util.List<String> nonNullTypes(Schema<?> schema) {
    return schema.getTypes() == null ? java.util.List.of()
        : schema.getTypes().stream().filter(t -> !t.equals("null")).toList();
  }
}
