package io.axle;

/**
 * The points of a call that are timed with {@link System#nanoTime()} into its {@link Invocation}.
 * Consumer and provider each use their own subset, in declaration order.
 */
public enum Stage {
  /** Consumer: the proxy was called. */
  CONSUMER_START,
  /** Consumer: the filter chain handed the call to the transport. */
  CONSUMER_SEND,
  /** Consumer: the transport wrote the request to its connection. */
  CONSUMER_WRITTEN,
  /** Consumer: the response arrived and was decoded. */
  CONSUMER_RECEIVED,
  /** Provider: the request was read and decoded on the event loop. */
  PROVIDER_RECEIVED,
  /** Provider: the executor started running the call (the end of the queue wait). */
  PROVIDER_EXECUTE,
  /** Provider: the method returned (or its future completed). */
  PROVIDER_EXECUTED
}
