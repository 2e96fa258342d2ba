package io.axle.rest.internal.client;

import io.vertx.core.MultiMap;
import io.vertx.core.http.HttpMethod;

/**
 * One call as HTTP: what {@link RequestPlan#encode} makes on the calling thread, so the event
 * loop only writes it.
 *
 * @param method the HTTP method
 * @param uri the path and query, percent-encoded
 * @param headers the request headers (accept, content-type, Axle's deadline and context headers)
 * @param body the JSON body, or null for none
 */
public record EncodedRequest(HttpMethod method, String uri, MultiMap headers, byte[] body) {
}
