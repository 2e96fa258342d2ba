package io.axle.highway.internal;

/** A frame that breaks the protocol; the connection it came on is closed with this reason. */
public final class HighwayProtocolException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public HighwayProtocolException(String message) {
    super(message, null, false, false);
  }
}
