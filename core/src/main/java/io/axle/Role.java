package io.axle;

/** Which side of a call an {@link Call} belongs to. */
public enum Role {
  CONSUMER,
  PROVIDER
}
