package io.axle.rest.internal.openapi;

import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.rest.internal.ParamBinding;
import io.axle.rest.internal.ParamSource;
import io.axle.rest.internal.RestHeaders;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestOperation;
import io.axle.types.DeclaredError;
import io.axle.types.DeclaredErrors;
import io.axle.types.Property;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.Operation;
import io.swagger.v3.oas.models.PathItem;
import io.swagger.v3.oas.models.Paths;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.media.Content;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.MediaType;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import io.swagger.v3.oas.models.parameters.RequestBody;
import io.swagger.v3.oas.models.responses.ApiResponse;
import io.swagger.v3.oas.models.responses.ApiResponses;
import io.swagger.v3.oas.models.servers.Server;
import io.swagger.v3.oas.models.tags.Tag;
import java.lang.reflect.Method;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The OpenAPI 3.1 model of a set of REST operations, as the server reads requests and writes
 * answers: one path item per path, one operation per {@link RestOperation}, its path, query and
 * header parameters, its JSON body, its result and the error answers, all typed from the Java
 * signatures. Paths, tags and component schemas are sorted, so the same operations always give
 * the same document.
 */
public final class OpenApiBuilder {
  /** The OpenAPI version written. */
  public static final String OPENAPI_VERSION = "3.1.0";

  /** The component schema of the error body, unless a described type already took the name. */
  public static final String ERROR_SCHEMA = "Error";

  /** The component parameters of the headers every operation accepts. */
  public static final String TIMEOUT_PARAMETER = "AxleTimeout";
  public static final String CONTEXT_PARAMETER = "AxleContext";

  static final String JSON = "application/json";

  private static final Pattern VARIABLE = Pattern.compile("\\{([^/}]+)}");

  /** The error answers every operation may give, with when each happens. */
  private static final Map<String, String> ERRORS = errors();

  private final String serviceName;
  private final List<RestOperation> operations;
  private final RestJson json = new RestJson();
  private final TypeSchemas types = new TypeSchemas(json);
  private String errorSchema;
  private final Map<String, Schema<?>> declaredErrorSchemas = new LinkedHashMap<>();
  private final Map<Class<?>, String> declaredErrorNames = new HashMap<>();

  private OpenApiBuilder(String serviceName, List<RestOperation> operations) {
    this.serviceName = serviceName;
    this.operations = List.copyOf(operations);
  }

  /** The document of {@code operations}, served by the microservice {@code serviceName}. */
  public static OpenAPI build(String serviceName, List<RestOperation> operations) {
    return new OpenApiBuilder(serviceName, operations).build();
  }

  private OpenAPI build() {
    SortedMap<String, PathItem> paths = new TreeMap<>();
    Map<Operation, Answers> answers = new LinkedHashMap<>();
    Map<String, Long> nameCounts = operations.stream()
        .collect(Collectors.groupingBy(o -> o.operation().name(), Collectors.counting()));
    List<RestOperation> sorted = new ArrayList<>(operations);
    sorted.sort(Comparator.comparing(RestOperation::path).thenComparing(o -> o.method().name()));
    // OpenAPI forbids two templates that differ only in variable names (GET /users/{id} beside
    // PUT /users/{user-id}): such operations share the first one's path, their variables renamed.
    Map<String, String> templates = new HashMap<>();
    for (RestOperation rest : sorted) {
      String template = templates.computeIfAbsent(rest.path().replaceAll(VARIABLE.pattern(), "{}"), k -> rest.path());
      Map<String, String> renamed = renamedVariables(rest.path(), template);
      Operation operation = operation(rest, nameCounts.get(rest.operation().name()) > 1, renamed);
      // The answers' schemas are read now, so that every described class has taken its name before
      // the error body picks one.
      answers.put(operation, answers(rest));
      paths.computeIfAbsent(template, p -> new PathItem())
          .operation(PathItem.HttpMethod.valueOf(rest.method().name()), operation);
    }
    // A described class named Error keeps its name; the error body's schema yields.
    errorSchema = ERROR_SCHEMA;
    while (types.hasComponent(errorSchema)) {
      errorSchema = "Axle" + errorSchema;
    }
    answers.forEach((operation, answer) -> operation.setResponses(responses(answer)));

    Paths pathsObject = new Paths();
    paths.forEach(pathsObject::addPathItem);

    Components components = new Components();
    @SuppressWarnings("rawtypes") // swagger-models' signature
    SortedMap<String, Schema> schemas = new TreeMap<>(types.components());
    schemas.put(errorSchema, errorBodySchema());
    components.setSchemas(schemas);
    components.addParameters(TIMEOUT_PARAMETER, new Parameter()
        .in("header").name(RestHeaders.TIMEOUT).required(false)
        .description("Milliseconds the caller still waits for the answer. When they have passed before the"
            + " operation runs, the provider answers 504 without running it; a proxy hop passes on only what is left.")
        .schema(typed("integer").format("int64")));
    components.addParameters(CONTEXT_PARAMETER, new Parameter()
        .in("header").name(RestHeaders.CONTEXT).required(false)
        .description("The invocation's context entries, as a JSON object of strings, e.g. {\"traceId\":\"abc\"}.")
        .schema(typed("string")));

    declaredErrorSchemas.forEach(schemas::put);
    OpenAPI openApi = new OpenAPI(SpecVersion.V31)
        .openapi(OPENAPI_VERSION)
        // Relative: the document is served by the server it describes, so a client resolves it
        // against the address it fetched the document from.
        .addServersItem(new Server().url("/").description("The server this document was fetched from."))
        // Said outright: the transport asks for no credentials (an empty list, not a missing one).
        .security(new ArrayList<>())
        .info(new Info().title(serviceName).version("1")
            .description("The operations microservice " + serviceName + " serves over Axle's REST transport."
                + " Every answer is JSON; an error answer is the object components/schemas/" + errorSchema + "."))
        .paths(pathsObject)
        .components(components);
    operations.stream().map(o -> o.operation().schema()).distinct()
        .sorted(Comparator.comparing(s -> s.schemaId()))
        .forEach(s -> openApi.addTagsItem(new Tag().name(s.schemaId())
            .description("Java interface " + s.schemaInterface().getName())));
    return openApi;
  }

  /** The variables of {@code path} by name, mapped to those at the same place in {@code template}. */
  private static Map<String, String> renamedVariables(String path, String template) {
    Map<String, String> renamed = new HashMap<>();
    Matcher own = VARIABLE.matcher(path);
    Matcher shared = VARIABLE.matcher(template);
    while (own.find() && shared.find()) {
      renamed.put(own.group(1), shared.group(1));
    }
    return renamed;
  }

  private Operation operation(RestOperation rest, boolean nameShared, Map<String, String> renamed) {
    OperationMeta meta = rest.operation();
    Operation operation = new Operation()
        .operationId(nameShared ? meta.schemaId() + "_" + meta.name() : meta.name())
        .addTagsItem(meta.schemaId())
        .summary(meta.qualifiedName())
        .description(signature(meta) + (rest.rpcStyle()
            ? ". RPC style: the arguments travel as the fields of one JSON object." : "."));
    if (meta.method().isAnnotationPresent(Deprecated.class)) {
      operation.deprecated(true);
    }
    Set<String> headers = new LinkedHashSet<>();
    for (ParamBinding binding : rest.params()) {
      switch (binding.source()) {
        case PATH, QUERY, HEADER -> {
          Parameter parameter = parameter(binding);
          if (binding.source() == ParamSource.PATH) {
            parameter.setName(renamed.getOrDefault(binding.name(), binding.name()));
          }
          operation.addParametersItem(parameter);
          if (binding.source() == ParamSource.HEADER) {
            headers.add(binding.name().toLowerCase(java.util.Locale.ROOT));
          }
        }
        case BODY -> operation.requestBody(new RequestBody()
            .required(binding.required())
            .description("The argument " + binding.name() + ", as JSON.")
            .content(json(binding.required() ? types.of(binding.type()) : types.nullableOf(binding.type()))));
        case BODY_FIELD -> { /* all together below */ }
        default -> throw new IllegalStateException("unknown parameter source " + binding.source());
      }
    }
    List<ParamBinding> fields = rest.params().stream().filter(b -> b.source() == ParamSource.BODY_FIELD).toList();
    if (!fields.isEmpty()) {
      JsonSchema body = typed("object");
      for (ParamBinding field : fields) {
        body.addProperty(field.name(), types.nullableOf(field.type()));
        if (field.required()) {
          body.addRequiredItem(field.name());
        }
      }
      // The server takes no body, or a field left out, as absent arguments: null, zero or an empty Optional.
      operation.requestBody(new RequestBody()
          .required(false)
          .description("The arguments as one JSON object, one field per parameter, named as in the Java interface."
              + " A field left out, or no body at all, is an absent argument: null, zero or an empty Optional.")
          .content(json(body)));
    }
    if (!headers.contains(RestHeaders.TIMEOUT)) {
      operation.addParametersItem(new Parameter().$ref("#/components/parameters/" + TIMEOUT_PARAMETER));
    }
    if (!headers.contains(RestHeaders.CONTEXT)) {
      operation.addParametersItem(new Parameter().$ref("#/components/parameters/" + CONTEXT_PARAMETER));
    }
    return operation;
  }

  private Parameter parameter(ParamBinding binding) {
    Schema<?> schema = types.of(binding.type());
    if (binding.defaultValue() != null) {
      schema.setDefault(typedDefault(binding));
    }
    Parameter parameter = new Parameter()
        .name(binding.name())
        .in(switch (binding.source()) {
          case PATH -> "path";
          case QUERY -> "query";
          case HEADER -> "header";
          default -> throw new IllegalArgumentException(binding.source() + " is not a parameter");
        })
        // A path variable is always there (OpenAPI requires it to say so), and the server turns away a
        // request that leaves out a primitive it has no default for, since null cannot be passed.
        .required(binding.source() == ParamSource.PATH || binding.required()
            || (binding.defaultValue() == null && !binding.optional() && binding.type() instanceof Class<?> c
                && c.isPrimitive()))
        .schema(schema);
    if (binding.source() == ParamSource.QUERY && isCollection(binding.type())) {
      // ?tag=a&tag=b: the values are read back as repeated parameters.
      parameter.style(Parameter.StyleEnum.FORM).explode(true);
    }
    return parameter;
  }

  /** The schemas of an operation's answers: its result (null for none) and its declared errors (null for none). */
  private record Answers(Schema<?> result, Schema<?> declared, String declaredNames) {
  }

  private Answers answers(RestOperation rest) {
    Type result = rest.resultType();
    List<DeclaredError> declared = DeclaredErrors.of(rest.operation()).all();
    return new Answers(result == void.class || result == Void.class ? null : types.nullableOf(result),
        declared.isEmpty() ? null : declaredErrors(declared),
        declared.stream().map(DeclaredError::name).collect(Collectors.joining(", ")));
  }

  private ApiResponses responses(Answers answers) {
    ApiResponses responses = new ApiResponses();
    if (answers.result() == null) {
      responses.addApiResponse("204", new ApiResponse().description("Done; no body."));
    } else {
      responses.addApiResponse("200", new ApiResponse()
          .description("The result, as JSON (null when the method returned null or an empty Optional).")
          .content(json(answers.result())));
    }
    ERRORS.forEach((code, description) -> {
      if (code.equals("422")) {
        if (answers.declared() != null) {
          responses.addApiResponse(code, new ApiResponse()
              .description(description + " Declared: " + answers.declaredNames() + ".")
              .content(json(answers.declared())));
        }
        return;
      }
      responses.addApiResponse(code, new ApiResponse()
          .description(description)
          .content(json(new JsonSchema().$ref("#/components/schemas/" + errorSchema))));
    });
    return responses;
  }

  /** The 422 body of an operation: its one declared error's schema, or one of them. */
  private Schema<?> declaredErrors(List<DeclaredError> declared) {
    List<Schema> refs = new ArrayList<>();
    for (DeclaredError error : declared) {
      refs.add(new JsonSchema().$ref("#/components/schemas/" + declaredErrorSchema(error)));
    }
    if (refs.size() == 1) {
      return refs.get(0);
    }
    JsonSchema oneOf = new JsonSchema();
    oneOf.setOneOf(refs);
    return oneOf;
  }

  /**
   * The component schema of a declared error's body, {@code <Name>Error}: the error body with
   * {@code type} fixed to the name and {@code details} of the exception's fields.
   */
  private String declaredErrorSchema(DeclaredError error) {
    String known = declaredErrorNames.get(error.type());
    if (known != null) {
      return known;
    }
    // <Name>Error, unless a described class or another exception with that simple name has it.
    String name = error.name() + "Error";
    if (types.hasComponent(name) || declaredErrorSchemas.containsKey(name)) {
      name = error.type().getName().replace('$', '.') + "Error";
    }
    declaredErrorNames.put(error.type(), name);
    JsonSchema details = typed("object");
    details.description("The fields of " + error.type().getName() + ".");
    for (Property property : error.properties()) {
      details.addProperty(property.name(), types.nullableOf(property.type().type()));
      details.addRequiredItem(property.name());
    }
    JsonSchema body = typed("object");
    body.description("The answer when the operation throws " + error.name() + ", which it declares.");
    body.addProperty("status", typed("integer").format("int32").description("The HTTP status of the answer: 422."));
    JsonSchema status = typed("string");
    status.setEnum(List.of(Status.APPLICATION_ERROR.name()));
    body.addProperty("error", status);
    body.addProperty("message", typed("string").description("The exception's message."));
    JsonSchema type = typed("string");
    type.setEnum(List.of(error.name()));
    body.addProperty("type", type.description("The exception's simple class name."));
    body.addProperty("details", details);
    body.required(List.of("status", "error", "message", "type", "details"));
    declaredErrorSchemas.put(name, body);
    return name;
  }

  /**
   * The default as the JSON value the server reads from its text: 10 rather than "10", and for a
   * collection the list of its comma-separated items, as Spring MVC splits it.
   */
  private Object typedDefault(ParamBinding binding) {
    String text = binding.defaultValue();
    try {
      Object value = json.fromText(isCollection(binding.type()) ? List.of(text.split(",")) : List.of(text),
          binding.type());
      return json.mapper().convertValue(value, Object.class);
    } catch (RuntimeException e) {
      return text;
    }
  }

  private static Content json(Schema<?> schema) {
    return new Content().addMediaType(JSON, new MediaType().schema(schema));
  }

  private static boolean isCollection(Type type) {
    Class<?> raw = type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> c ? c
        : type instanceof Class<?> c ? c : null;
    return raw != null && (Collection.class.isAssignableFrom(raw) || (raw.isArray() && raw != byte[].class));
  }

  private JsonSchema errorBodySchema() {
    JsonSchema schema = typed("object");
    schema.description("The body of every error answer. error is the Axle status name, which a consumer turns back"
            + " into the same status; status repeats the HTTP status; message says what happened.");
    schema.addProperty("status", typed("integer").format("int32")
        .description("The HTTP status of the answer."));
    schema.addProperty("error", typed("string")
        .description("The Axle status: " + Arrays.stream(Status.values())
            .filter(s -> s != Status.OK && !s.isLocal()).map(Status::name).collect(Collectors.joining(", ")) + "."));
    schema.addProperty("message", typed("string").description("What happened."));
    schema.addProperty("notRun", typed("boolean").description("Present and true when the provider refused the"
        + " call before its method ran (a full queue, an admission limit, stopping): it may be sent elsewhere."));
    schema.required(List.of("status", "error", "message"));
    return schema;
  }

  /** A 3.1 schema of one JSON type: {@code types}, which Json31 writes as {@code "type"}. */
  static JsonSchema typed(String type) {
    JsonSchema schema = new JsonSchema();
    schema.setTypes(new LinkedHashSet<>(List.of(type)));
    return schema;
  }

  private static String signature(OperationMeta meta) {
    Method method = meta.method();
    StringBuilder text = new StringBuilder(simple(method.getGenericReturnType())).append(' ')
        .append(method.getDeclaringClass().getSimpleName()).append('.').append(method.getName()).append('(');
    for (int i = 0; i < meta.parameterCount(); i++) {
      text.append(i == 0 ? "" : ", ").append(simple(meta.parameterType(i))).append(' ').append(meta.parameterName(i));
    }
    return text.append(')').toString();
  }

  /** {@code java.util.List<java.lang.String>} as {@code List<String>}. */
  private static String simple(Type type) {
    return type.getTypeName().replaceAll("[\\w$]+[.$]", "");
  }

  private static Map<String, String> errors() {
    Map<String, String> errors = new LinkedHashMap<>();
    errors.put("400", "BAD_REQUEST: an argument is missing or cannot be read as its type, or the body is not JSON.");
    errors.put("404", "NOT_FOUND: the provider does not serve this operation.");
    errors.put("422", "APPLICATION_ERROR: the operation threw an exception it declares; type names it and details"
        + " holds its fields.");
    errors.put("500", "PROVIDER_ERROR: the operation threw an exception it does not declare; INTERNAL_ERROR: a fault"
        + " in the chassis.");
    errors.put("503", "OVERLOADED: the operation's executor queue is full, or an admission limit refused the call;"
        + " SHUTTING_DOWN: the provider is stopping. With notRun: true, nothing was run and sending it again is safe;"
        + " without it, the method may have passed on a refusal of its own call.");
    errors.put("504", "DEADLINE_EXCEEDED: the caller's deadline (x-axle-timeout-ms) passed before the answer.");
    return errors;
  }
}
