package io.axle.perf.consumer;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfService;
import io.axle.perf.baseline.Baseline;
import io.axle.registry.Endpoint;
import java.util.List;

/**
 * The registry entries of {@code perf1}, and those of them that the chosen transport calls, for the
 * messages. With {@code [highway://..., rest://...]} registered and {@code rest} chosen, that is the REST
 * one; with none of the chosen transport, every call would fail, so that is a configuration mistake,
 * reported before anything starts.
 *
 * @param registered every entry, for the REST one the provider's figures are fetched from
 * @param description the entries the calls go to, comma-separated
 */
record ConsumerTarget(List<String> registered, String description) {

  /** @throws ConfigException when there is no entry at all, or none of {@code transport} */
  static ConsumerTarget of(AxleConfig config, List<String> registered, String transport) {
    String key = CoreConfigKeys.REGISTRY_LOCAL.name() + "." + PerfService.SERVICE_NAME;
    if (registered.isEmpty()) {
      throw new ConfigException(key + ": not set (expected: a list of transport://host:port, e.g. "
          + "[highway://127.0.0.1:7070, rest://127.0.0.1:8080])");
    }
    List<String> matching = registered.stream().map(String::trim).filter(uri -> uri.startsWith(transport + "://"))
        .toList();
    if (matching.isEmpty()) {
      String because = Baseline.isBaseline(transport) ? "--" + transport + " is set; the producer's ready line gives it"
          : config.mostSpecificKey(CoreConfigKeys.REFERENCES_TRANSPORT, PerfService.SERVICE_NAME,
              PerfService.SCHEMA_ID, ConsumerSettings.OPERATION) + " is " + transport;
      throw new ConfigException(key + ": " + String.join(",", registered) + " (expected: a " + transport
          + "://host:port entry, because " + because + ") — " + config.origin(key));
    }
    return new ConsumerTarget(List.copyOf(registered), String.join(", ", matching));
  }

  /** The first entry the calls go to, for a client that, unlike Axle's, talks to one endpoint. */
  Endpoint first() {
    return Endpoint.parse(description.split(", ")[0]);
  }
}
