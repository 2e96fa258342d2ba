package io.axle;

/**
 * The outcome of a call, as both transports report it.
 *
 * <p>The wire code is what the highway protocol carries (docs/protocol.md); it is stable across
 * versions. The HTTP code is what the REST transport answers with. A status marked local is
 * produced by the consumer itself (the request never reached a provider) and never travels.
 */
public enum Status {
  OK(0, 200, false),
  /** The request could not be decoded: wrong argument types, a malformed body. */
  BAD_REQUEST(1, 400, false),
  /** No such schema or operation on the provider. */
  NOT_FOUND(2, 404, false),
  /** The provider's method threw. */
  PROVIDER_ERROR(3, 500, false),
  /** A bounded executor queue was full; the request was not run. */
  OVERLOADED(4, 503, false),
  /** The call's deadline passed before it completed. */
  DEADLINE_EXCEEDED(5, 504, false),
  /** The provider is stopping and takes no new work. */
  SHUTTING_DOWN(6, 503, false),
  /** A fault inside the chassis, not in user code. */
  INTERNAL_ERROR(7, 500, false),
  /** The consumer could not connect, or lost the connection before the answer came. */
  CONNECTION_FAILED(8, 502, true),
  /**
   * The provider's method threw an exception its operation declares ({@code throws}): its type and
   * fields travel, and the consumer rethrows it as that type (docs/protocol.md, docs/rest.md).
   */
  APPLICATION_ERROR(9, 422, false);

  private static final Status[] BY_WIRE_CODE = values();

  private final int wireCode;
  private final int httpCode;
  private final boolean local;

  Status(int wireCode, int httpCode, boolean local) {
    this.wireCode = wireCode;
    this.httpCode = httpCode;
    this.local = local;
  }

  public int wireCode() {
    return wireCode;
  }

  public int httpCode() {
    return httpCode;
  }

  /** True when only the consumer produces this status; it is never sent over a wire. */
  public boolean isLocal() {
    return local;
  }

  /** The status for a wire code, or {@code null} when the code is unknown to this version. */
  public static Status fromWireCode(int code) {
    return code >= 0 && code < BY_WIRE_CODE.length ? BY_WIRE_CODE[code] : null;
  }
}
