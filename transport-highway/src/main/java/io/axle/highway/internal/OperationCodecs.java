package io.axle.highway.internal;

import io.axle.contract.OperationMeta;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/** One codec per operation, built on first use and then shared. */
public final class OperationCodecs {
  private final Map<OperationMeta, OperationCodec> codecs = new ConcurrentHashMap<>();

  /**
   * The codec of an operation.
   *
   * @throws IllegalArgumentException when a parameter or result type cannot travel over highway
   */
  public OperationCodec of(OperationMeta operation) {
    OperationCodec codec = codecs.get(operation);
    return codec != null ? codec : codecs.computeIfAbsent(operation, OperationCodec::new);
  }
}
