package io.axle.rest.internal.server;

import tools.jackson.databind.JsonNode;

/**
 * Reads one argument of an operation from a request. One reader per parameter, chosen once at
 * start-up from its {@link io.axle.rest.internal.ParamBinding}, so a request only converts values.
 */
interface ArgumentReader {
  /**
   * @param body the request body, empty when there is none
   * @param fields the body read as a JSON object, for RPC-style operations; null when the body is empty
   * @throws io.axle.AxleException with {@link io.axle.Status#BAD_REQUEST} naming the parameter
   */
  Object read(RequestView request, byte[] body, JsonNode fields);
}
