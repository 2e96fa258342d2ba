package io.axle.rest.internal.server;

import io.axle.config.CoreConfigKeys;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.rest.internal.OpenApiDocument;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestMappings;
import io.axle.rest.internal.RestOperation;
import io.axle.transport.ProviderOperation;
import io.axle.transport.TransportContext;
import io.vertx.core.http.HttpMethod;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Supplier;

/**
 * Every served operation's route, checked and ordered once at start-up, and the OpenAPI document
 * of them. Shared, read-only, by the routers of all server event loops.
 */
public final class RouteTable {
  /** Where the OpenAPI document is served. */
  public static final String OPENAPI_PATH = "/openapi.json";

  private final List<OperationRoute> routes;
  private final Supplier<byte[]> openApiJson;
  private final List<io.axle.transport.HttpEndpoint> httpEndpoints;

  private RouteTable(List<OperationRoute> routes, Supplier<byte[]> openApiJson, List<io.axle.transport.HttpEndpoint> httpEndpoints) {
    this.httpEndpoints = httpEndpoints;
    this.routes = routes;
    this.openApiJson = openApiJson;
  }

  /**
   * Reads the mapping of each served schema (so a clash inside a schema fails here, naming both
   * operations) and checks that no two schemas take the same route.
   *
   * @throws IllegalArgumentException for a mapping mistake, naming the operation and the fix
   */
  public static RouteTable build(TransportContext context, RestJson json) {
    Map<SchemaMeta, Class<?>> schemas = new LinkedHashMap<>();
    Map<OperationMeta, ProviderOperation> served = new HashMap<>();
    for (ProviderOperation op : context.providerOperations().all()) {
      schemas.putIfAbsent(op.meta().schema(), op.implementationType());
      served.put(op.meta(), op);
    }
    java.util.Set<String> reserved = new java.util.HashSet<>();
    reserved.add(OPENAPI_PATH);
    for (io.axle.transport.HttpEndpoint endpoint : context.httpEndpoints()) {
      if (!reserved.add(endpoint.path())) {
        throw new IllegalArgumentException("HTTP endpoint " + endpoint.path() + " is registered twice, or takes "
            + OPENAPI_PATH + " (expected: one document per path)");
      }
    }
    List<RestOperation> restOperations = new ArrayList<>();
    List<OperationRoute> routes = new ArrayList<>();
    Map<String, RestOperation> byRoute = new HashMap<>();
    for (Map.Entry<SchemaMeta, Class<?>> schema : schemas.entrySet()) {
      for (RestOperation rest : RestMappings.of(schema.getKey(), schema.getValue())) {
        ProviderOperation provider = served.get(rest.operation());
        if (provider == null) {
          continue;
        }
        String routeKey = rest.method() + " " + rest.routerPath().replaceAll(":[^/]+", ":");
        if (rest.method() == HttpMethod.GET && reserved.contains(rest.path())) {
          throw new IllegalArgumentException(rest.operation().qualifiedName() + ": maps to GET " + rest.path()
              + ", where the REST transport serves " + (OPENAPI_PATH.equals(rest.path()) ? "the OpenAPI document"
              : "a document of the runtime") + " (expected: another path)");
        }
        RestOperation clash = byRoute.put(routeKey, rest);
        if (clash != null) {
          throw new IllegalArgumentException(clash.operation().qualifiedName() + " and "
              + rest.operation().qualifiedName() + " both map to " + rest.method() + " " + rest.path()
              + " (expected: one operation per method and path; change one mapping)");
        }
        restOperations.add(rest);
        routes.add(new OperationRoute(provider, rest, json));
      }
    }
    // Vert.x Web tries routes in the order they were added: literal paths first, as Spring MVC does.
    routes.sort(Comparator.comparingInt(OperationRoute::pathVariables)
        .thenComparing(r -> -r.rest().path().length()));
    String serviceName = context.config().get(CoreConfigKeys.SERVICE_NAME);
    List<RestOperation> documented = List.copyOf(restOperations);
    // Built on its first request, not at start: swagger-core's model and mapper take ~0.3 s to load
    // and write, most of a REST provider's start, for a document few processes are ever asked for.
    Supplier<byte[]> openApi = new Supplier<>() {
      private byte[] json;

      @Override
      public synchronized byte[] get() {
        if (json == null) {
          json = OpenApiDocument.json(serviceName, documented).getBytes(StandardCharsets.UTF_8);
        }
        return json;
      }
    };
    return new RouteTable(List.copyOf(routes), openApi, List.copyOf(context.httpEndpoints()));
  }

  /** In the order the router must try them. */
  public List<OperationRoute> routes() {
    return routes;
  }

  /** The OpenAPI document's JSON; built by the first call, which may take a while: call it off the event loop. */
  public byte[] openApiJson() {
    return openApiJson.get();
  }

  /** The runtime's documents, served at {@code GET path}. */
  public List<io.axle.transport.HttpEndpoint> httpEndpoints() {
    return httpEndpoints;
  }

  /** The methods a path accepts, for the {@code Allow} header of a 405: {@code GET, POST}. */
  public String allowedMethods(String path) {
    TreeSet<String> methods = new TreeSet<>();
    for (OperationRoute route : routes) {
      if (route.matchesPath(path)) {
        methods.add(route.rest().method().name());
      }
    }
    if (OPENAPI_PATH.equals(path) || httpEndpoints.stream().anyMatch(e -> e.path().equals(path))) {
      methods.add("GET");
    }
    return String.join(", ", methods);
  }
}
