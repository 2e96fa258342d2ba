package io.axle;

/**
 * Hears every call's stages as they happen, on both sides and every transport, like OkHttp's
 * {@code EventListener}: the base of metrics and slow-call logs.
 *
 * <p>Contract: {@link #onStage} is called once per {@link Stage} a call reaches, in the order of
 * the enum, on the thread that reached it (a caller, an event loop, an executor thread); then
 * {@link #onEnd} once. Calls of one invocation never overlap. Listeners run on the hot path: they
 * must be fast, must not block and must not throw (what one throws is dropped).
 */
public interface InvocationListener {
  /** Hears nothing. */
  InvocationListener NONE = new InvocationListener() {
  };

  /** The call reached {@code stage}; {@code call.stageNanos(stage)} says when. */
  default void onStage(Call call, Stage stage) {
  }

  /**
   * The call ended. Consumer: its outcome was handed to the caller. Provider: its answer was
   * written, or could not be (the connection was gone).
   */
  default void onEnd(Call call, Response response) {
  }
}
