package io.axle;

/** Which side of a call an {@link Invocation} belongs to. */
public enum Role {
  CONSUMER,
  PROVIDER
}
