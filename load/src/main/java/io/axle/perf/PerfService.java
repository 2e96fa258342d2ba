package io.axle.perf;

import io.axle.perf.payload.Order;

/**
 * The schema the producer serves and the consumer drives, schema id {@value #SCHEMA_ID}. Strings keep
 * the payload size under the user's control ({@code request-size}, {@code response-size}) and cheap to
 * encode, so the measurement is of the chassis rather than of serialisation.
 */
public interface PerfService {

  /** The schema id both sides use. */
  String SCHEMA_ID = "PerfService";

  /** The name the producer registers under and the consumer calls. */
  String SERVICE_NAME = "perf1";

  /** The message back, or a fixed {@code response-size}-byte string when that key is above 0. */
  String echo(String message);

  /** The order back: {@code payload: pojo-1k | pojo-64k}, a nested object to serialise both ways. */
  Order echoOrder(Order order);

  /** Like {@link #echo} after sleeping {@code delayMs} on the executor thread, to occupy the business pool. */
  String sleepEcho(String message, int delayMs);
}
