package io.axle;

/**
 * The points of a call that are timed with {@link System#nanoTime()} into its {@link Call},
 * in the order they happen. Each role uses its own subset, always in declaration order; a stage a
 * call never reaches (a request that fails before it is sent, a queued request whose deadline
 * passed) is skipped, never reordered. docs/metrics.md names the stage between each pair.
 */
public enum Stage {
  /** Consumer: the proxy was called. */
  CONSUMER_START,
  /** Consumer: the filter chain handed the call to the transport ("prepare" ends). */
  CONSUMER_SEND,
  /** Consumer: the request was encoded, on the calling thread ("encode" ends). */
  CONSUMER_ENCODED,
  /**
   * Consumer: a live connection took the request on its event loop ("connection" ends: the
   * hand-off to the loop, plus any wait for the connection to open or for a pooled one).
   */
  CONSUMER_CONNECTED,
  /** Consumer: the request was written to the connection ("send" ends). */
  CONSUMER_WRITTEN,
  /** Consumer: the answer arrived ("wait" ends). */
  CONSUMER_RECEIVED,
  /** Consumer: the answer was decoded ("decode" ends). */
  CONSUMER_DECODED,
  /** Consumer: the result, back through the filter chain, was handed to the caller. */
  CONSUMER_END,
  /** Provider: the whole request was read on the event loop. */
  PROVIDER_RECEIVED,
  /** Provider: the arguments were decoded ("decode" ends). */
  PROVIDER_DECODED,
  /** Provider: the executor started the call ("queue" ends). */
  PROVIDER_EXECUTE,
  /** Provider: the filter chain and the method returned, or its future completed ("execute" ends). */
  PROVIDER_EXECUTED,
  /** Provider: the answer was encoded ("encode" ends). */
  PROVIDER_ENCODED,
  /** Provider: the answer was written to the connection on its event loop ("send" ends). */
  PROVIDER_SENT
}
