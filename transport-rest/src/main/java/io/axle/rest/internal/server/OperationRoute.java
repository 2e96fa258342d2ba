package io.axle.rest.internal.server;

import io.axle.rest.internal.ParamBinding;
import io.axle.rest.internal.ParamSource;
import io.axle.rest.internal.PlainJson;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestOperation;
import io.axle.transport.ProviderOperation;
import io.vertx.core.buffer.Buffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;

/**
 * One served operation as the router sees it: its route and one argument reader per parameter,
 * all resolved at start-up.
 */
public final class OperationRoute {
  private static final Pattern PATH_VARIABLE = Pattern.compile("\\{([^/}]+)}");
  private static final byte[] NO_BODY = new byte[0];

  private final ProviderOperation provider;
  private final RestOperation rest;
  private final RestJson json;
  private final String name;
  private final String routerPath;
  private final Pattern pathPattern;
  private final int pathVariables;
  private final ArgumentReader[] readers;
  private final boolean readsBody;
  private final boolean readsFields;
  private final String fieldsExample;
  /** The RPC-style body's field names: any other is refused rather than dropped. */
  private final Set<String> fieldNames;
  /** Whether those names are javac's arg0, arg1… because the interface was compiled without -parameters. */
  private final boolean syntheticNames;
  /** Reads the body without Jackson when every argument is a body field of a plain type; else null. */
  private final PlainJson.ObjectReader plainFields;

  OperationRoute(ProviderOperation provider, RestOperation rest, RestJson json) {
    this.provider = provider;
    this.rest = rest;
    this.json = json;
    this.name = rest.operation().qualifiedName();
    // Vert.x Web takes only [A-Za-z0-9_] in a parameter name; Spring allows {user-id}. So the
    // router gets p0, p1, ... and each path binding is told which one is its own.
    Map<String, String> routerNames = new HashMap<>();
    StringBuilder router = new StringBuilder();
    StringBuilder regex = new StringBuilder("^");
    Matcher m = PATH_VARIABLE.matcher(rest.path());
    int last = 0;
    while (m.find()) {
      String literal = rest.path().substring(last, m.start());
      String param = routerNames.computeIfAbsent(m.group(1), v -> "p" + routerNames.size());
      router.append(literal).append(':').append(param);
      regex.append(Pattern.quote(literal)).append("[^/]+");
      last = m.end();
    }
    router.append(rest.path().substring(last));
    regex.append(Pattern.quote(rest.path().substring(last))).append("/?$");
    this.routerPath = router.toString();
    this.pathPattern = Pattern.compile(regex.toString());
    this.pathVariables = routerNames.size();

    List<ParamBinding> params = rest.params();
    this.readers = new ArgumentReader[params.size()];
    for (ParamBinding binding : params) {
      readers[binding.index()] = switch (binding.source()) {
        case PATH -> new TextArgument(json, name, binding, routerNames.get(binding.name()));
        case QUERY, HEADER -> new TextArgument(json, name, binding, binding.name());
        case BODY -> new BodyArgument(json, name, binding);
        case BODY_FIELD -> new BodyFieldArgument(json, name, binding);
      };
    }
    this.readsBody = rest.hasBody();
    this.readsFields = params.stream().anyMatch(p -> p.source() == ParamSource.BODY_FIELD);
    this.fieldsExample = params.stream().map(p -> "\"" + p.name() + "\": ...")
        .collect(Collectors.joining(", ", "{", "}"));
    this.fieldNames = params.stream().filter(p -> p.source() == ParamSource.BODY_FIELD).map(ParamBinding::name)
        .collect(Collectors.toUnmodifiableSet());
    this.syntheticNames = params.stream().anyMatch(p -> p.source() == ParamSource.BODY_FIELD
        && !rest.operation().method().getParameters()[p.index()].isNamePresent());
    this.plainFields = plainFieldsReader(params, json);
  }

  public ProviderOperation provider() {
    return provider;
  }

  public RestOperation rest() {
    return rest;
  }

  /** The path in Vert.x Web's syntax, with router-safe parameter names. */
  String routerPath() {
    return routerPath;
  }

  /** Whether a request path (as the router normalised it) is this route's, whatever the method. */
  boolean matchesPath(String path) {
    return pathPattern.matcher(path).matches();
  }

  /** Whether the request carries a JSON body; {@link RestOperation#hasBody()} worked out once. */
  boolean readsBody() {
    return readsBody;
  }

  /**
   * Whether a request can be served without the router: a literal path, and every argument read
   * from the body or the headers (path variables and query parameters are the router's to decode).
   */
  boolean servableDirectly() {
    return pathVariables == 0 && rest.params().stream()
        .noneMatch(p -> p.source() == ParamSource.PATH || p.source() == ParamSource.QUERY);
  }

  /** Routes with fewer variables are tried first, so {@code /users/me} wins over {@code /users/{id}}. */
  int pathVariables() {
    return pathVariables;
  }

  /**
   * The arguments of a request, in declaration order.
   *
   * @throws io.axle.AxleException with {@link io.axle.Status#BAD_REQUEST} naming what is wrong
   */
  Object[] readArguments(RequestView request, Buffer buffer) {
    byte[] body = NO_BODY;
    if (readsBody) {
      body = buffer == null || buffer.length() == 0 ? NO_BODY : buffer.getBytes();
    }
    if (plainFields != null && body.length > 0) {
      Object[] values = plainFields.read(body);
      if (values != null) {
        for (int i = 0; i < values.length; i++) {
          if (values[i] == PlainJson.ObjectReader.ABSENT) {
            values[i] = ((BodyFieldArgument) readers[i]).absent();
          }
        }
        return values;
      }
    }
    JsonNode fields = readsFields ? fields(body) : null;
    Object[] args = new Object[readers.length];
    for (int i = 0; i < readers.length; i++) {
      args[i] = readers[i].read(request, body, fields);
    }
    return args;
  }

  /**
   * A reader for the whole body when every parameter is a non-Optional body field of a type
   * {@link PlainJson} reads, in declaration order; null otherwise.
   */
  private static PlainJson.ObjectReader plainFieldsReader(List<ParamBinding> params, RestJson json) {
    String[] names = new String[params.size()];
    PlainJson.Kind[] kinds = new PlainJson.Kind[params.size()];
    for (ParamBinding p : params) {
      PlainJson.Kind kind = PlainJson.kind(json.type(p.type()).getRawClass());
      if (p.source() != ParamSource.BODY_FIELD || p.optional() || kind == null || !PlainJson.plain(p.name())) {
        return null;
      }
      names[p.index()] = p.name();
      kinds[p.index()] = kind;
    }
    return params.isEmpty() ? null : new PlainJson.ObjectReader(names, kinds);
  }

  /** The RPC-style body: a JSON object of named arguments; none at all means every one is absent. */
  private JsonNode fields(byte[] body) {
    if (body.length == 0) {
      return null;
    }
    JsonNode tree;
    try {
      tree = json.tree(body);
    } catch (JacksonException e) {
      throw BadRequests.badJson(json, name, "", e, () -> null);
    }
    if (tree.isObject()) {
      for (String field : tree.propertyNames()) {
        if (!fieldNames.contains(field)) {
          throw BadRequests.badRequest(name + ": request body field " + field + " is not an argument (expected: "
              + fieldsExample + ")" + (syntheticNames ? "; the schema interface was compiled without -parameters, "
              + "so its arguments are named arg0, arg1…: compile it with -parameters (Maven: "
              + "maven.compiler.parameters=true) to use the names of the source" : ""));
        }
      }
      return tree;
    }
    if (tree.isNull() || tree.isMissingNode()) {
      return null;
    }
    throw BadRequests.badRequest(name + ": request body: " + BadRequests.render(json, tree)
        + " (expected: a JSON object of the arguments, " + fieldsExample + ")");
  }

  @Override
  public String toString() {
    return rest.toString();
  }
}
