package io.axle.perf.producer;

import io.axle.perf.PerfConfig;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfService;
import io.axle.perf.payload.Order;
import io.axle.spring.RpcSchema;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.context.annotation.Profile;

/**
 * Echoes, or answers with a fixed payload. The payload is built once so that answering costs the same
 * for every call and the measurement is of the transport, not of string building. Served by the starter
 * on highway and REST, in the producer only: a consumer serves nothing.
 */
@RpcSchema(schemaId = PerfService.SCHEMA_ID, schemaInterface = PerfService.class)
@Profile("producer")
public final class PerfServiceImpl implements PerfService {
  private final String fixedResponse;

  /**
   * With {@code response-size} from the configuration, parsed now, so that a bad value stops the start
   * before anything is served.
   */
  @Autowired
  public PerfServiceImpl(PerfConfig config) {
    this(config.config().get(PerfKeys.RESPONSE_SIZE));
  }

  /** @param responseSize bytes of every answer; 0 echoes the message */
  public PerfServiceImpl(int responseSize) {
    if (responseSize < 0) {
      throw new IllegalArgumentException("responseSize: " + responseSize + " (expected: >= 0)");
    }
    // ASCII, so characters and bytes are the same count on the wire.
    this.fixedResponse = responseSize > 0 ? "x".repeat(responseSize) : null;
  }

  @Override
  public String echo(String message) {
    return fixedResponse != null ? fixedResponse : message;
  }

  @Override
  public Order echoOrder(Order order) {
    return order;
  }

  @Override
  public String sleepEcho(String message, int delayMs) {
    if (delayMs > 0) {
      try {
        Thread.sleep(delayMs);
      } catch (InterruptedException e) {
        // Interrupted only when the runtime gives up on in-flight work at shutdown: answer at once.
        Thread.currentThread().interrupt();
      }
    }
    return echo(message);
  }
}
