package io.axle.metrics.internal;

import io.axle.Role;
import io.axle.Stage;

/**
 * The stages of docs/metrics.md as pairs of {@link Stage} events: a stage lasts from its first event
 * to its second, and counts for a call only if the call reached both.
 */
public final class Spans {
  private static final String[] CONSUMER_NAMES = {"prepare", "encode", "connection", "send", "wait", "decode"};
  private static final Stage[] CONSUMER_FROM = {Stage.CONSUMER_START, Stage.CONSUMER_SEND, Stage.CONSUMER_ENCODED,
      Stage.CONSUMER_CONNECTED, Stage.CONSUMER_WRITTEN, Stage.CONSUMER_RECEIVED};
  private static final Stage[] CONSUMER_TO = {Stage.CONSUMER_SEND, Stage.CONSUMER_ENCODED, Stage.CONSUMER_CONNECTED,
      Stage.CONSUMER_WRITTEN, Stage.CONSUMER_RECEIVED, Stage.CONSUMER_DECODED};

  private static final String[] PROVIDER_NAMES = {"decode", "queue", "execute", "encode", "send"};
  private static final Stage[] PROVIDER_FROM = {Stage.PROVIDER_RECEIVED, Stage.PROVIDER_DECODED,
      Stage.PROVIDER_EXECUTE, Stage.PROVIDER_EXECUTED, Stage.PROVIDER_ENCODED};
  private static final Stage[] PROVIDER_TO = {Stage.PROVIDER_DECODED, Stage.PROVIDER_EXECUTE,
      Stage.PROVIDER_EXECUTED, Stage.PROVIDER_ENCODED, Stage.PROVIDER_SENT};

  private Spans() {
  }

  public static String[] names(Role role) {
    return role == Role.CONSUMER ? CONSUMER_NAMES : PROVIDER_NAMES;
  }

  public static Stage[] from(Role role) {
    return role == Role.CONSUMER ? CONSUMER_FROM : PROVIDER_FROM;
  }

  public static Stage[] to(Role role) {
    return role == Role.CONSUMER ? CONSUMER_TO : PROVIDER_TO;
  }
}
