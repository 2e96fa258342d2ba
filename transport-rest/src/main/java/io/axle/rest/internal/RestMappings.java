package io.axle.rest.internal;

import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.vertx.core.http.HttpMethod;
import java.lang.reflect.Method;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.springframework.core.annotation.AnnotatedElementUtils;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.ValueConstants;

/**
 * Reads the HTTP mapping of each operation of a schema: from Spring MVC annotations on the
 * schema interface (or, for a provider, on its implementation class), else the RPC-style
 * default {@code POST /<schemaId>/<operation>} with a JSON object of named arguments.
 *
 * <p>Spring's own {@link AnnotatedElementUtils} resolves {@code @GetMapping} and friends and the
 * {@code value}/{@code name} aliases, so the annotations mean what they mean in Spring MVC.
 * Mistakes are start-up errors that name the operation, what is wrong and the fix.
 */
public final class RestMappings {
  private static final Pattern PATH_VARIABLE = Pattern.compile("\\{([^/}]+)}");

  private RestMappings() {
  }

  /** The mappings of every operation of a schema; {@code implementation} may be null (consumer side). */
  public static List<RestOperation> of(SchemaMeta schema, Class<?> implementation) {
    List<RestOperation> operations = new ArrayList<>();
    Map<String, RestOperation> byRoute = new HashMap<>();
    for (OperationMeta operation : schema.operations().values()) {
      RestOperation rest = of(operation, implementation);
      RestOperation clash = byRoute.put(rest.method() + " " + rest.routerPath().replaceAll(":[^/]+", ":"), rest);
      if (clash != null) {
        throw new IllegalArgumentException("schema " + schema.schemaId() + ": " + clash.operation().name() + " and "
            + operation.name() + " both map to " + rest.method() + " " + rest.path()
            + " (expected: one operation per method and path; change one mapping)");
      }
      operations.add(rest);
    }
    return List.copyOf(operations);
  }

  /** The mapping of one operation. */
  public static RestOperation of(OperationMeta operation, Class<?> implementation) {
    Method declared = operation.method();
    Method implemented = implementationMethod(declared, implementation);
    RequestMapping methodMapping = find(declared, implemented);
    if (methodMapping == null) {
      return rpcStyle(operation);
    }
    String where = operation.qualifiedName();
    RequestMethod[] methods = methodMapping.method();
    if (methods.length != 1) {
      throw new IllegalArgumentException(where + ": @RequestMapping with " + methods.length
          + " HTTP methods (expected: exactly one, e.g. @GetMapping or @RequestMapping(method = POST))");
    }
    String[] paths = methodMapping.path();
    if (paths.length > 1) {
      throw new IllegalArgumentException(where + ": " + paths.length + " paths " + List.of(paths)
          + " (expected: one path per operation)");
    }
    RequestMapping classMapping = findClassMapping(declared.getDeclaringClass(), implementation);
    String prefix = classMapping == null || classMapping.path().length == 0 ? "" : classMapping.path()[0];
    String path = normalize(prefix + "/" + (paths.length == 0 ? "" : paths[0]));
    HttpMethod httpMethod = HttpMethod.valueOf(methods[0].name());

    List<ParamBinding> bindings = new ArrayList<>();
    Parameter[] parameters = declared.getParameters();
    Parameter[] implParameters = implemented == null ? null : implemented.getParameters();
    boolean bodySeen = false;
    for (int i = 0; i < parameters.length; i++) {
      ParamBinding binding = binding(operation, i, parameters[i], implParameters == null ? null : implParameters[i]);
      if (binding.source() == ParamSource.BODY) {
        if (bodySeen) {
          throw new IllegalArgumentException(where + ": more than one request body parameter"
              + " (expected: one @RequestBody, or wrap the values in one class)");
        }
        if (httpMethod == HttpMethod.GET || httpMethod == HttpMethod.DELETE || httpMethod == HttpMethod.HEAD) {
          throw new IllegalArgumentException(where + ": a request body on " + httpMethod
              + " (expected: POST, PUT or PATCH for a @RequestBody, or pass the value as @RequestParam)");
        }
        bodySeen = true;
      }
      bindings.add(binding);
    }
    checkPathVariables(where, path, bindings);
    return new RestOperation(operation, httpMethod, path, bindings, false);
  }

  private static RestOperation rpcStyle(OperationMeta operation) {
    List<ParamBinding> bindings = new ArrayList<>();
    for (int i = 0; i < operation.parameterCount(); i++) {
      Type type = operation.parameterType(i);
      boolean optional = isOptional(type);
      bindings.add(new ParamBinding(i, operation.parameterName(i), ParamSource.BODY_FIELD, false, null,
          optional ? optionalOf(type) : type, optional));
    }
    return new RestOperation(operation, HttpMethod.POST, "/" + operation.schemaId() + "/" + operation.name(),
        bindings, true);
  }

  private static ParamBinding binding(OperationMeta operation, int index, Parameter declared, Parameter implemented) {
    Type declaredType = operation.parameterType(index);
    boolean optional = isOptional(declaredType);
    Type type = optional ? optionalOf(declaredType) : declaredType;
    String fallbackName = operation.parameterName(index);

    PathVariable pathVariable = find(PathVariable.class, declared, implemented);
    if (pathVariable != null) {
      return new ParamBinding(index, nameOr(pathVariable.name(), fallbackName), ParamSource.PATH,
          pathVariable.required() && !optional, null, type, optional);
    }
    RequestParam requestParam = find(RequestParam.class, declared, implemented);
    if (requestParam != null) {
      String defaultValue = defaultOf(requestParam.defaultValue());
      return new ParamBinding(index, nameOr(requestParam.name(), fallbackName), ParamSource.QUERY,
          requestParam.required() && defaultValue == null && !optional, defaultValue, type, optional);
    }
    RequestHeader requestHeader = find(RequestHeader.class, declared, implemented);
    if (requestHeader != null) {
      String defaultValue = defaultOf(requestHeader.defaultValue());
      return new ParamBinding(index, nameOr(requestHeader.name(), fallbackName), ParamSource.HEADER,
          requestHeader.required() && defaultValue == null && !optional, defaultValue, type, optional);
    }
    RequestBody requestBody = find(RequestBody.class, declared, implemented);
    if (requestBody != null) {
      return new ParamBinding(index, fallbackName, ParamSource.BODY, requestBody.required() && !optional, null,
          type, optional);
    }
    // As in Spring MVC: an unannotated simple value is an optional query parameter; anything else is the body.
    if (isSimple(type)) {
      return new ParamBinding(index, fallbackName, ParamSource.QUERY, false, null, type, optional);
    }
    return new ParamBinding(index, fallbackName, ParamSource.BODY, !optional, null, type, optional);
  }

  private static void checkPathVariables(String where, String path, List<ParamBinding> bindings) {
    Set<String> inPath = new LinkedHashSet<>();
    Matcher m = PATH_VARIABLE.matcher(path);
    while (m.find()) {
      inPath.add(m.group(1));
    }
    Set<String> bound = new LinkedHashSet<>();
    for (ParamBinding b : bindings) {
      if (b.source() == ParamSource.PATH) {
        bound.add(b.name());
        if (!inPath.contains(b.name())) {
          throw new IllegalArgumentException(where + ": @PathVariable " + b.name() + " is not in the path " + path
              + " (expected: a {" + b.name() + "} segment, or the variable's name as it appears there)");
        }
      }
    }
    for (String variable : inPath) {
      if (!bound.contains(variable)) {
        throw new IllegalArgumentException(where + ": the path " + path + " has {" + variable
            + "} but no parameter is bound to it (expected: a @PathVariable(\"" + variable + "\") parameter)");
      }
    }
  }

  private static Method implementationMethod(Method declared, Class<?> implementation) {
    if (implementation == null) {
      return null;
    }
    try {
      return implementation.getMethod(declared.getName(), declared.getParameterTypes());
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  private static RequestMapping find(Method declared, Method implemented) {
    RequestMapping mapping = AnnotatedElementUtils.findMergedAnnotation(declared, RequestMapping.class);
    if (mapping == null && implemented != null) {
      mapping = AnnotatedElementUtils.findMergedAnnotation(implemented, RequestMapping.class);
    }
    return mapping;
  }

  private static RequestMapping findClassMapping(Class<?> schemaInterface, Class<?> implementation) {
    RequestMapping mapping = AnnotatedElementUtils.findMergedAnnotation(schemaInterface, RequestMapping.class);
    if (mapping == null && implementation != null) {
      mapping = AnnotatedElementUtils.findMergedAnnotation(implementation, RequestMapping.class);
    }
    return mapping;
  }

  private static <A extends java.lang.annotation.Annotation> A find(Class<A> type, Parameter declared,
      Parameter implemented) {
    A found = AnnotatedElementUtils.findMergedAnnotation(declared, type);
    if (found == null && implemented != null) {
      found = AnnotatedElementUtils.findMergedAnnotation(implemented, type);
    }
    return found;
  }

  private static String nameOr(String name, String fallback) {
    return name == null || name.isEmpty() ? fallback : name;
  }

  private static String defaultOf(String springDefault) {
    return ValueConstants.DEFAULT_NONE.equals(springDefault) ? null : springDefault;
  }

  static String normalize(String path) {
    String collapsed = ("/" + path).replaceAll("/{2,}", "/");
    return collapsed.length() > 1 && collapsed.endsWith("/") ? collapsed.substring(0, collapsed.length() - 1) : collapsed;
  }

  static boolean isOptional(Type type) {
    return type instanceof ParameterizedType p && p.getRawType() == Optional.class;
  }

  static Type optionalOf(Type type) {
    return ((ParameterizedType) type).getActualTypeArguments()[0];
  }

  /** Values that fit in a path segment, a query parameter or a header: scalars, and collections of them. */
  static boolean isSimple(Type type) {
    if (type instanceof ParameterizedType p && p.getRawType() instanceof Class<?> raw
        && Collection.class.isAssignableFrom(raw)) {
      return isSimple(p.getActualTypeArguments()[0]);
    }
    if (!(type instanceof Class<?> cls)) {
      return false;
    }
    return cls.isPrimitive() || cls == String.class || Number.class.isAssignableFrom(cls) || cls == Boolean.class
        || cls == Character.class || cls.isEnum() || cls == UUID.class || cls == BigDecimal.class
        || cls == BigInteger.class;
  }
}
