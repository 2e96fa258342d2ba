package io.axle.rest.internal.client;

import io.axle.AxleException;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.rest.internal.ParamBinding;
import io.axle.rest.internal.ParamSource;
import io.axle.rest.internal.PlainJson;
import io.axle.rest.internal.RestHeaders;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestOperation;
import io.axle.transport.Attempt;
import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpClientRequest;
import io.vertx.core.http.HttpHeaders;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Array;
import java.lang.reflect.Type;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;

/**
 * How the consumer turns one operation's invocation into an HTTP request and an HTTP answer back
 * into a result: built once per operation from its {@link RestOperation}, so a call only fills in
 * values. Immutable and thread-safe; {@link #encode} runs on the calling thread.
 */
public final class RequestPlan {
  private static final Pattern PATH_VARIABLE = Pattern.compile("\\{([^/}]+)}");
  private static final String JSON = "application/json";

  private final RestOperation mapping;
  private final OperationMeta operation;
  private final RestJson json;
  /** The path's literal pieces: one more than there are variables. */
  private final String[] pathLiterals;
  /** The binding of each path variable, in path order. */
  private final ParamBinding[] pathVariables;
  private final List<ParamBinding> query = new ArrayList<>();
  private final List<ParamBinding> headers = new ArrayList<>();
  private final List<ParamBinding> bodyFields = new ArrayList<>();
  private final ParamBinding body;
  /** A writer for each body parameter or body field, by parameter index; null elsewhere. */
  private final ObjectWriter[] writers;
  /** Null when the operation returns nothing. */
  private final ObjectReader resultReader;
  /** Writes the body fields without Jackson when every one is a plain value; null when some never are. */
  private final PlainJson.ObjectWriter plainFields;
  /** Whether the result is a String, which {@link PlainJson#readString} may read without Jackson. */
  private final boolean stringResult;

  private RequestPlan(RestOperation mapping, RestJson json) {
    this.mapping = mapping;
    this.operation = mapping.operation();
    this.json = json;
    this.writers = new ObjectWriter[operation.parameterCount()];
    ParamBinding bodyParam = null;
    for (ParamBinding binding : mapping.params()) {
      switch (binding.source()) {
        case QUERY -> query.add(binding);
        case HEADER -> headers.add(binding);
        case BODY -> bodyParam = binding;
        case BODY_FIELD -> bodyFields.add(binding);
        case PATH -> {
          // Placed below, in path order.
        }
      }
      if (binding.source() == ParamSource.BODY || binding.source() == ParamSource.BODY_FIELD) {
        writers[binding.index()] = json.mapper().writerFor(boxed(json.type(binding.type())));
      }
    }
    this.body = bodyParam;

    List<String> literals = new ArrayList<>();
    List<ParamBinding> variables = new ArrayList<>();
    Matcher m = PATH_VARIABLE.matcher(mapping.path());
    int last = 0;
    while (m.find()) {
      literals.add(mapping.path().substring(last, m.start()));
      variables.add(pathBinding(m.group(1)));
      last = m.end();
    }
    literals.add(mapping.path().substring(last));
    this.pathLiterals = literals.toArray(String[]::new);
    this.pathVariables = variables.toArray(ParamBinding[]::new);

    Type result = operation.resultType();
    this.resultReader = result == void.class || result == Void.class ? null
        : json.mapper().readerFor(boxed(json.type(result)));
    this.stringResult = result == String.class;
    this.plainFields = bodyFields.stream().allMatch(f -> !f.optional()
        && PlainJson.kind(json.type(f.type()).getRawClass()) != null && PlainJson.plain(f.name()))
        ? new PlainJson.ObjectWriter(bodyFields.stream().map(ParamBinding::name).toArray(String[]::new)) : null;
  }

  /**
   * The plan of an operation.
   *
   * @throws IllegalArgumentException when the mapping cannot be sent as a request
   */
  public static RequestPlan of(RestOperation mapping, RestJson json) {
    return new RequestPlan(mapping, json);
  }

  public RestOperation mapping() {
    return mapping;
  }

  public OperationMeta operation() {
    return operation;
  }

  /**
   * The request for an invocation: path and query from the arguments, the context header and the
   * JSON body. The time left to the deadline is added when the request is sent ({@link
   * #stampTimeout}).
   *
   * @throws AxleException {@link Status#BAD_REQUEST} when an argument cannot be encoded
   */
  public EncodedRequest encode(Attempt invocation) {
    Object[] args = invocation.args();
    try {
      MultiMap requestHeaders = HttpHeaders.headers();
      requestHeaders.add(HttpHeaders.ACCEPT, JSON);
      String uri = uri(args);
      for (ParamBinding binding : headers) {
        for (String value : texts(args[binding.index()])) {
          requestHeaders.add(binding.name(), value);
        }
      }
      Map<String, String> context = invocation.contextOrNull();
      if (context != null && !context.isEmpty()) {
        addContext(requestHeaders, context);
      }
      byte[] bytes = body(args);
      if (bytes != null) {
        requestHeaders.add(HttpHeaders.CONTENT_TYPE, JSON);
      }
      return new EncodedRequest(mapping.method(), uri, requestHeaders, bytes);
    } catch (AxleException e) {
      throw e;
    } catch (RuntimeException | StackOverflowError e) {
      throw new AxleException(Status.BAD_REQUEST, "cannot encode the arguments of " + operation.qualifiedName()
          + ": " + (e instanceof StackOverflowError ? "nested too deeply (the stack overflowed)" : e.getMessage()), e);
    }
  }

  /**
   * Adds the time left to the invocation's deadline, as it stands now, to a request about to be
   * sent: a call that waited for a connection or in the wait queue sends what is really left.
   */
  static void stampTimeout(HttpClientRequest request, Attempt invocation) {
    long remaining = invocation.remainingNanos();
    if (remaining != Long.MAX_VALUE) {
      request.putHeader(RestHeaders.TIMEOUT, Long.toString(Math.max(1, TimeUnit.NANOSECONDS.toMillis(remaining))));
    }
  }

  /**
   * The result in a 2xx answer's body: JSON of the operation's result type; an empty body or
   * {@code null} is a null result (the proxy turns that into a primitive's default).
   */
  public Object decodeResult(byte[] body) {
    if (resultReader == null || body.length == 0) {
      return null;
    }
    String plain = stringResult ? PlainJson.readString(body) : null;
    return plain != null ? plain : resultReader.readValue(body);
  }

  private String uri(Object[] args) {
    StringBuilder uri = new StringBuilder(64).append(pathLiterals[0]);
    for (int i = 0; i < pathVariables.length; i++) {
      ParamBinding binding = pathVariables[i];
      Object value = unwrap(args[binding.index()]);
      if (value == null) {
        throw new AxleException(Status.BAD_REQUEST, operation.qualifiedName() + ": path variable {" + binding.name()
            + "} is null (expected: a value; a path segment cannot be left out)");
      }
      String text = json.toText(value);
      if (text.isEmpty()) {
        throw new AxleException(Status.BAD_REQUEST, operation.qualifiedName() + ": path variable {" + binding.name()
            + "} is empty (expected: a non-empty value; an empty segment changes the path)");
      }
      uri.append(encode(text)).append(pathLiterals[i + 1]);
    }
    char separator = '?';
    for (ParamBinding binding : query) {
      String name = encode(binding.name());
      for (String value : texts(args[binding.index()])) {
        uri.append(separator).append(name).append('=').append(encode(value));
        separator = '&';
      }
    }
    return uri.toString();
  }

  private byte[] body(Object[] args) {
    if (body != null) {
      return writers[body.index()].writeValueAsBytes(unwrap(args[body.index()]));
    }
    if (bodyFields.isEmpty()) {
      return null;
    }
    if (plainFields != null) {
      Object[] values = new Object[bodyFields.size()];
      for (int i = 0; i < values.length; i++) {
        values[i] = args[bodyFields.get(i).index()];
      }
      byte[] plain = plainFields.write(values);
      if (plain != null) {
        return plain;
      }
    }
    // Nulls are written too: the provider then sees exactly the arguments the caller passed.
    ByteArrayOutputStream out = new ByteArrayOutputStream(64 + 32 * bodyFields.size());
    try (JsonGenerator generator = json.mapper().createGenerator(out)) {
      generator.writeStartObject();
      for (ParamBinding field : bodyFields) {
        generator.writeName(field.name());
        writers[field.index()].writeValue(generator, unwrap(args[field.index()]));
      }
      generator.writeEndObject();
    }
    return out.toByteArray();
  }

  /** The text values of a query parameter or header: none for null, one per element of a collection or array. */
  private List<String> texts(Object argument) {
    Object value = unwrap(argument);
    if (value == null) {
      return List.of();
    }
    if (value instanceof Collection<?> collection) {
      List<String> texts = new ArrayList<>(collection.size());
      for (Object element : collection) {
        if (element != null) {
          texts.add(json.toText(element));
        }
      }
      return texts;
    }
    if (value.getClass().isArray() && value.getClass() != byte[].class) {
      int length = Array.getLength(value);
      List<String> texts = new ArrayList<>(length);
      for (int i = 0; i < length; i++) {
        Object element = Array.get(value, i);
        if (element != null) {
          texts.add(json.toText(element));
        }
      }
      return texts;
    }
    return List.of(json.toText(value));
  }

  private ParamBinding pathBinding(String name) {
    for (ParamBinding binding : mapping.params()) {
      if (binding.source() == ParamSource.PATH && binding.name().equals(name)) {
        return binding;
      }
    }
    throw new IllegalArgumentException(operation.qualifiedName() + ": the path " + mapping.path() + " has {" + name
        + "} but no parameter is bound to it (expected: a @PathVariable(\"" + name + "\") parameter)");
  }

  private static Object unwrap(Object value) {
    return value instanceof Optional<?> optional ? optional.orElse(null) : value;
  }

  /** A primitive's wrapper, so that a null argument or result is read and written as JSON null. */
  private JavaType boxed(JavaType type) {
    Class<?> raw = type.getRawClass();
    if (!raw.isPrimitive()) {
      return type;
    }
    Class<?> wrapper = java.lang.invoke.MethodType.methodType(raw).wrap().returnType();
    return json.type(wrapper);
  }

  /**
   * Percent-encodes a path segment or a query component (RFC 3986): a space becomes {@code %20},
   * not {@code +}, and a slash {@code %2F}, so a value never changes the shape of the path.
   */
  static String encode(String text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
          || c == '.' || c == '~')) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8).replace("+", "%20").replace("*", "%2A")
            .replace("%7E", "~");
      }
    }
    return text;
  }

  /**
   * The context entries: the W3C trace context as headers of their own ({@link RestHeaders#TRACE_CONTEXT}),
   * the rest as one JSON object in {@link RestHeaders#CONTEXT}.
   */
  private void addContext(MultiMap requestHeaders, Map<String, String> context) {
    Map<String, String> rest = context;
    for (String name : RestHeaders.TRACE_CONTEXT) {
      String value = context.get(name);
      if (value != null) {
        requestHeaders.add(name, value);
        if (rest == context) {
          rest = new java.util.LinkedHashMap<>(context);
        }
        rest.remove(name);
      }
    }
    if (!rest.isEmpty()) {
      requestHeaders.add(RestHeaders.CONTEXT, json.mapper().writeValueAsString(rest));
    }
  }
}
