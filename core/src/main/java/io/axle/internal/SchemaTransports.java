package io.axle.internal;

import io.axle.AxleException;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.CoreConfigKeys;
import io.axle.transport.ProviderOperation;
import io.axle.registry.Endpoint;
import io.axle.transport.ProviderOperations;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Which transports serve which schema: {@code axle.schemas.<schemaId>.transports} when set, else
 * what the code registered the provider with, else every transport. Each transport is handed only
 * the operations it serves, so a REST-only schema is neither listened for nor checked by highway.
 */
final class SchemaTransports {
  private static final Logger log = LoggerFactory.getLogger(SchemaTransports.class);
  private static final String SUFFIX = ".transports";

  /** The restricted schemas: schema id to its transports; a schema not here is served on all. */
  private final Map<String, List<String>> restricted;

  private SchemaTransports(Map<String, List<String>> restricted) {
    this.restricted = restricted;
  }

  static SchemaTransports of(AxleConfig config, List<RuntimeSpec.ProviderRegistration> providers,
      List<String> available) {
    List<String> problems = new ArrayList<>();
    Map<String, List<String>> fromConfig = new LinkedHashMap<>();
    for (String key : config.subset(CoreConfigKeys.SCHEMAS.name()).keySet()) {
      String full = CoreConfigKeys.SCHEMAS.name() + "." + key;
      if (!key.endsWith(SUFFIX) || key.length() == SUFFIX.length()) {
        problems.add(full + ": unknown key (expected: axle.schemas.<schemaId>.transports)");
        continue;
      }
      String schemaId = key.substring(0, key.length() - SUFFIX.length());
      fromConfig.put(schemaId, config.getMostSpecific(CoreConfigKeys.SCHEMAS, key));
    }
    Map<String, List<String>> restricted = new LinkedHashMap<>();
    for (RuntimeSpec.ProviderRegistration provider : providers) {
      String schemaId = provider.schemaId();
      List<String> chosen = fromConfig.getOrDefault(schemaId, provider.transports());
      String where = fromConfig.containsKey(schemaId) ? CoreConfigKeys.SCHEMAS.name() + "." + schemaId + SUFFIX
          : "the transports of provider " + schemaId;
      if (fromConfig.containsKey(schemaId) && chosen.isEmpty()) {
        problems.add(where + ": [] (expected: at least one of " + String.join(", ", available) + ")");
        continue;
      }
      for (String transport : chosen) {
        if (!available.contains(transport)) {
          problems.add(where + ": " + transport + " (expected: a transport on the class path: "
              + String.join(", ", available) + ")");
        }
      }
      if (!chosen.isEmpty()) {
        restricted.put(schemaId, List.copyOf(chosen));
      }
    }
    List<String> served = providers.stream().map(RuntimeSpec.ProviderRegistration::schemaId).toList();
    if (!served.isEmpty()) {
      // A runtime that serves nothing may share its file with providers; one that serves is told of a typo.
      for (String schemaId : fromConfig.keySet()) {
        if (!served.contains(schemaId)) {
          problems.add(CoreConfigKeys.SCHEMAS.name() + "." + schemaId + SUFFIX + ": no provider serves schema "
              + schemaId + " (expected: one of " + String.join(", ", served) + ")");
        }
      }
    }
    if (!problems.isEmpty()) {
      throw new ConfigException(problems);
    }
    return new SchemaTransports(restricted);
  }

  /** The operations {@code transport} serves. */
  ProviderOperations on(String transport, ProviderOperations all) {
    if (restricted.isEmpty()) {
      return all;
    }
    List<ProviderOperation> own = new ArrayList<>();
    for (ProviderOperation operation : all.all()) {
      List<String> transports = restricted.get(operation.meta().schemaId());
      if (transports == null || transports.contains(transport)) {
        own.add(operation);
      }
    }
    List<ProviderOperation> frozen = List.copyOf(own);
    return new ProviderOperations() {
      @Override
      public ProviderOperation find(String schemaId, String operationName) {
        ProviderOperation operation = all.find(schemaId, operationName);
        List<String> transports = operation == null ? null : restricted.get(schemaId);
        return transports == null || transports.contains(transport) ? operation : null;
      }

      @Override
      public Collection<ProviderOperation> all() {
        return frozen;
      }

      @Override
      public void unmatched(String transport, Endpoint caller, long receivedNanos, AxleException error) {
        all.unmatched(transport, caller, receivedNanos, error);
      }
    };
  }

  void logRestricted() {
    restricted.forEach((schemaId, transports) -> log.info("schema {} is served on {} only", schemaId, transports));
  }
}
