package io.axle.internal;

import io.axle.Filter;

/**
 * One link of an assembled chain, as {@link ConsumerChains} and {@link ProviderChains} list it: its name
 * (as the start-up log, {@code Axle.consumerChains()}, {@code OperationInfo} and Actuator print it), the
 * part of the chain it belongs to, and what it is: a user's or a policy module's {@link Filter}, or one of the
 * runtime's own {@link RuntimeLink}s (both null for the terminal links, the transport and the method, and for
 * admissions, which run before the executor's queue).
 */
record ChainLink(String name, Part part, Filter filter, RuntimeLink runtimeLink) {
  /** The parts of the two chains, in the order a call passes them, with the thread each runs on. */
  enum Part {
    USER_FILTER("the user's filter", "the caller's; its response half: the client event loop"),
    POLICY("governance policy", "the caller's"),
    AGAIN("hedging or retries", "the caller's; a retry after its pause, a hedge after its delay: a runtime event loop's timer"),
    SELECTION("endpoint selection", "the caller's; a later attempt: an event loop (a failover: the one that ended the attempt before; after a retry's pause or a hedge's delay: a timer's)"),
    ATTEMPT_POLICY("per-attempt policy", "as the endpoint selection"),
    TRANSPORT("transport", "as the endpoint selection (encoding), then the connection's event loop"),
    ADMISSION("admission", "the server event loop that read the request"),
    PROVIDER_FILTER("the user's filter", "the operation's executor (the loop itself for inline)"),
    FAULT("fault injection", "the operation's executor"),
    METHOD("method", "the operation's executor");

    final String what;
    final String thread;

    Part(String what, String thread) {
      this.what = what;
      this.thread = thread;
    }
  }

  /** A terminal or admission link: named, with nothing to build. */
  static ChainLink named(String name, Part part) {
    return new ChainLink(name, part, null, null);
  }

  static ChainLink of(Filter filter, Part part) {
    return new ChainLink(filter.name(), part, filter, null);
  }

  static ChainLink of(RuntimeLink link, Part part) {
    return new ChainLink(link.name(), part, null, link);
  }

  /** True for a link a call walks through (not a terminal, not an admission). */
  boolean walked() {
    return filter != null || runtimeLink != null;
  }
}
