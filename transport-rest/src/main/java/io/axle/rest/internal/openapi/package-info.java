/**
 * Builds the OpenAPI 3.1 document of the REST operations ({@code GET /openapi.json}) with
 * swagger-core's models, so that a client generated from it can call every operation exactly as
 * the server reads it. Not API.
 */
package io.axle.rest.internal.openapi;
