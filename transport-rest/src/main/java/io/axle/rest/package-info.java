/**
 * The REST transport: HTTP/1.1 and h2c over Vert.x, JSON via Jackson, paths from Spring MVC
 * annotations on the schema (or {@code POST /<schemaId>/<operation>} without them), and an
 * OpenAPI 3.1 document at {@code GET /openapi.json}. It serves the same operations through the
 * same chain and executors as highway; only the wire differs.
 */
package io.axle.rest;
