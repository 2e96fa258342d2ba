package io.axle.rest.internal;

import java.util.List;

/** The OpenAPI 3.1 document of the served operations. Being written; see the helper's brief. */
public final class OpenApiDocument {
  private OpenApiDocument() {
  }

  /** The document as JSON, for {@code GET /openapi.json}. */
  public static String json(String serviceName, List<RestOperation> operations) {
    return "{\"openapi\":\"3.1.0\",\"info\":{\"title\":\"" + serviceName + "\",\"version\":\"1\"},\"paths\":{}}";
  }
}
