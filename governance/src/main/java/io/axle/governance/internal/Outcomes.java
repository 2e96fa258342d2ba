package io.axle.governance.internal;

import io.axle.Response;
import io.axle.Status;

/** Which answers say the provider is in trouble, for a breaker and an adaptive limit alike. */
final class Outcomes {
  private Outcomes() {
  }

  /**
   * True for a failure of the call itself; false for an answer (OK, a declared error, a request
   * the provider judged bad or unknown), which says the provider works.
   */
  static boolean failed(Response response) {
    return switch (response.status()) {
      case OK, APPLICATION_ERROR, BAD_REQUEST, NOT_FOUND -> false;
      default -> true;
    };
  }

  /** True when the call was given up for time or capacity: a sign of overload, not of a fault. */
  static boolean dropped(Response response) {
    Status status = response.status();
    return status == Status.DEADLINE_EXCEEDED || status == Status.OVERLOADED;
  }
}
