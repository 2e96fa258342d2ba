package io.axle.registry.zookeeper.internal;

import io.axle.registry.Endpoint;
import io.axle.registry.InstanceStatus;
import io.axle.registry.ServiceInstance;
import io.vertx.core.json.JsonArray;
import io.vertx.core.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * An instance's node data: UTF-8 JSON, one object per instance (docs/registry.md shows it). Fields
 * it does not know are ignored, so that a later version may add some.
 */
final class InstanceCodec {
  static final int FORMAT = 1;

  private InstanceCodec() {
  }

  static byte[] encode(ServiceInstance instance) {
    JsonArray endpoints = new JsonArray();
    instance.endpoints().forEach(e -> endpoints.add(e.toString()));
    JsonObject json = new JsonObject()
        .put("format", FORMAT)
        .put("service", instance.serviceName())
        .put("id", instance.instanceId())
        .put("version", instance.version())
        .put("status", instance.status().name())
        .put("endpoints", endpoints)
        .put("schemas", new JsonArray(List.copyOf(instance.schemas())))
        .put("properties", new JsonObject(new LinkedHashMap<>(instance.properties())));
    return json.encode().getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The instance a node's data describes.
   *
   * @throws IllegalArgumentException saying what is wrong with it
   */
  static ServiceInstance decode(byte[] data) {
    if (data == null || data.length == 0) {
      throw new IllegalArgumentException("no data");
    }
    JsonObject json;
    try {
      json = new JsonObject(new String(data, StandardCharsets.UTF_8));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("not a JSON object");
    }
    try {
      List<Endpoint> endpoints = new ArrayList<>();
      for (Object uri : required(json.getJsonArray("endpoints"), "endpoints")) {
        endpoints.add(Endpoint.parse(String.valueOf(uri)));
      }
      Set<String> schemas = new LinkedHashSet<>();
      JsonArray schemaArray = json.getJsonArray("schemas");
      if (schemaArray != null) {
        schemaArray.forEach(s -> schemas.add(String.valueOf(s)));
      }
      Map<String, String> properties = new LinkedHashMap<>();
      JsonObject props = json.getJsonObject("properties");
      if (props != null) {
        props.forEach(entry -> properties.put(entry.getKey(), String.valueOf(entry.getValue())));
      }
      String status = required(json.getString("status"), "status");
      InstanceStatus parsed;
      try {
        parsed = InstanceStatus.valueOf(status);
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("status: " + status + " (expected: UP or DOWN)");
      }
      return new ServiceInstance(required(json.getString("service"), "service"), required(json.getString("id"), "id"),
          json.getString("version", "0.0.0"), endpoints, schemas, parsed, properties);
    } catch (ClassCastException e) {
      throw new IllegalArgumentException("a field of the wrong type: " + e.getMessage());
    }
  }

  private static <T> T required(T value, String field) {
    if (value == null) {
      throw new IllegalArgumentException("no field " + field);
    }
    return value;
  }
}
