package io.axle.rest.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.axle.rest.internal.openapi.OpenApiBuilder;
import io.swagger.v3.core.util.Json31;
import io.swagger.v3.oas.models.OpenAPI;
import java.util.List;

/**
 * The OpenAPI 3.1 document of the served operations, for {@code GET /openapi.json}: built from the
 * same {@link RestOperation}s the server routes with, so it cannot drift from what the server reads.
 * Deterministic (sorted paths, tags and schemas); the caller builds it once and serves the text.
 */
public final class OpenApiDocument {
  private OpenApiDocument() {
  }

  /** The document as a swagger-core model. */
  public static OpenAPI model(String serviceName, List<RestOperation> operations) {
    return OpenApiBuilder.build(serviceName, operations);
  }

  /** The document as (indented) JSON, for {@code GET /openapi.json}. */
  public static String json(String serviceName, List<RestOperation> operations) {
    OpenAPI model = model(serviceName, operations);
    try {
      // Json31, not Json: only it writes 3.1 schemas (type from types, $ref beside siblings, "null").
      return Json31.mapper().writerWithDefaultPrettyPrinter().writeValueAsString(model);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("cannot write the OpenAPI document of " + serviceName + ": " + e.getMessage(), e);
    }
  }
}
