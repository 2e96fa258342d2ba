package io.axle.perf.proxy;

import io.axle.AxleException;
import io.axle.Status;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfService;
import java.util.Arrays;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

/**
 * Where the proxy forwards: the service {@code proxy.target} names, the transport
 * {@code axle.references.transport} picks for it, and this proxy's own service name. Checked when the proxy
 * bean is created, before anything listens, so that a target the proxy could never reach (not in the
 * registry, no entry for the transport, or the proxy itself) stops the start as bad configuration.
 */
public record ProxyTarget(String service, String transport, String proxyName) {

  /**
   * @throws ConfigException naming {@code proxy.target} (or the registry key), its value and the fix
   */
  public static ProxyTarget from(AxleConfig config) {
    String key = PerfKeys.PROXY_TARGET.name();
    String service = config.get(PerfKeys.PROXY_TARGET).strip();
    String proxyName = config.get(CoreConfigKeys.SERVICE_NAME);
    if (service.isEmpty()) {
      throw new ConfigException(key + ": (empty) (expected: the name of the downstream service, whose endpoints"
          + " are in axle.registry.local.<name>) — " + config.origin(key));
    }
    if (service.equals(proxyName)) {
      throw new ConfigException(key + ": " + service + " (expected: a service other than this proxy's own "
          + CoreConfigKeys.SERVICE_NAME.name() + ", or every call would be forwarded to itself) — "
          + config.origin(key));
    }
    String transport = config.getMostSpecific(CoreConfigKeys.REFERENCES_TRANSPORT, service, PerfService.SCHEMA_ID,
        "echo");
    if (!"local".equals(config.get(CoreConfigKeys.REGISTRY_TYPE))) {
      // A remote registry lists the target's instances as they come: nothing to check before the start.
      return new ProxyTarget(service, transport, proxyName);
    }
    Map<String, String> registry = config.subset(CoreConfigKeys.REGISTRY_LOCAL.name());
    String entries = registry.get(service);
    if (entries == null || entries.isBlank()) {
      // Core's wording for an unknown service, aimed at the key the user chose it with.
      throw new ConfigException(key + ": " + service + ": not in the registry (known services: "
          + registry.keySet() + "; expected: one of them, or an entry axle.registry.local." + service
          + ": [highway://host:port]) — " + config.origin(key));
    }
    boolean reachable = Arrays.stream(entries.split(",")).map(String::strip)
        .anyMatch(entry -> entry.startsWith(transport + "://"));
    if (!reachable) {
      String registryKey = CoreConfigKeys.REGISTRY_LOCAL.name() + "." + service;
      throw new ConfigException(registryKey + ": " + entries + " (expected: a " + transport + "://host:port entry,"
          + " because the proxy calls " + service + " over " + transport + " as axle.references.transport says) — "
          + config.origin(registryKey));
    }
    return new ProxyTarget(service, transport, proxyName);
  }

  /**
   * {@code call}, whose failure is answered as this proxy's: the client learns that the downstream failed,
   * which one, and why. A status only a consumer can produce ({@code CONNECTION_FAILED}) never travels, so
   * it becomes {@code PROVIDER_ERROR}; others (overload, deadline) keep theirs.
   */
  public <T> CompletableFuture<T> relay(CompletableFuture<T> call) {
    return call.exceptionally(failure -> {
      throw downstreamFailure(failure);
    });
  }

  AxleException downstreamFailure(Throwable failure) {
    Throwable cause = failure;
    while ((cause instanceof CompletionException || cause instanceof ExecutionException) && cause.getCause() != null) {
      cause = cause.getCause();
    }
    Status status = cause instanceof AxleException axle && !axle.status().isLocal() ? axle.status()
        : Status.PROVIDER_ERROR;
    String reason = cause instanceof AxleException axle ? axle.status() + ": " + axle.getMessage() : cause.toString();
    return new AxleException(status, proxyName + ": downstream " + this + " failed: " + reason, cause);
  }

  /** {@code perf1 over highway}, as the ready line and error messages say it. */
  @Override
  public String toString() {
    return service + " over " + transport;
  }
}
