package io.axle.transport;

import io.axle.config.AxleConfig;
import io.axle.transport.tls.Tls;
import io.vertx.core.Vertx;

/** What a transport gets from the runtime that creates it. */
public interface TransportContext {
  AxleConfig config();

  /** The runtime's shared Vert.x; its event loops are sized for every transport. */
  Vertx vertx();

  /** The provider operations to serve; empty for a consumer-only runtime. */
  ProviderOperations providerOperations();

  /**
   * TLS for this runtime's servers and clients ({@code axle.tls.*}), the same for every transport;
   * {@link Tls#DISABLED} unless configured.
   */
  default Tls tls() {
    return Tls.DISABLED;
  }

  /** Documents to offer over HTTP by a transport that speaks it; see {@link HttpEndpoint}. */
  default java.util.List<HttpEndpoint> httpEndpoints() {
    return java.util.List.of();
  }
}
