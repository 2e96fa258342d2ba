package io.axle.rest.internal;

import io.axle.contract.OperationMeta;
import io.vertx.core.http.HttpMethod;
import java.lang.reflect.Type;
import java.util.List;

/**
 * One operation as HTTP sees it: a method, a path template and where each argument travels.
 * Built once per operation by {@link RestMappings}; immutable.
 *
 * @param operation the operation
 * @param method the HTTP method
 * @param path the path template with {@code {name}} variables, e.g. {@code /users/{id}}
 * @param params one binding per parameter, in declaration order
 * @param rpcStyle true for the default mapping ({@code POST /<schemaId>/<operation>}, a JSON object
 *     of named arguments), false for a Spring MVC mapping
 */
public record RestOperation(OperationMeta operation, HttpMethod method, String path, List<ParamBinding> params,
    boolean rpcStyle) {

  public RestOperation {
    params = List.copyOf(params);
  }

  /** The path in Vert.x Web's syntax: {@code /users/:id}. */
  public String routerPath() {
    return path.replaceAll("\\{([^/}]+)}", ":$1");
  }

  /** True when the request carries a JSON body (a body parameter or body fields). */
  public boolean hasBody() {
    return params.stream().anyMatch(p -> p.source() == ParamSource.BODY || p.source() == ParamSource.BODY_FIELD);
  }

  /** What the operation produces, unwrapped from {@code CompletableFuture}. */
  public Type resultType() {
    return operation.resultType();
  }

  @Override
  public String toString() {
    return method + " " + path + " -> " + operation.qualifiedName();
  }
}
