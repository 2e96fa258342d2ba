package io.axle.transport.tls;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Refuses renegotiation a TLS client starts. In TLS 1.2 a client may ask for a new handshake on an open
 * connection as often as it likes, each costing the server far more than the client: a denial of service
 * (CVE-2011-1473) that testssl.sh rates HIGH. TLS 1.3 has no renegotiation. A server-initiated one is not
 * affected, and Axle never starts one.
 *
 * <p>The JDK's TLS (which Vert.x uses here) refuses it, with a {@code handshake_failure} alert that ends
 * the connection, only when the system property {@value #PROPERTY} is {@code true}; the JDK reads it once,
 * when its server handshake code first loads. So a runtime that serves TLS sets it before its servers
 * take their first connection, unless the application set it itself: then its value stands, and a
 * {@code false} is logged as the risk it is.
 */
final class Renegotiation {
  static final String PROPERTY = "jdk.tls.rejectClientInitiatedRenegotiation";
  private static final Logger log = LoggerFactory.getLogger(Tls.class);
  private static boolean warned;

  private Renegotiation() {
  }

  /** Called before a TLS server starts: sets {@value #PROPERTY} unless it is set, and warns if it is {@code false}. */
  static synchronized void refuseClientInitiated() {
    String set = System.getProperty(PROPERTY);
    if (set == null) {
      System.setProperty(PROPERTY, "true");
    } else if (!Boolean.parseBoolean(set.strip()) && !warned) {
      warned = true;
      log.warn("{}={}: TLS 1.2 clients may renegotiate on Axle's TLS ports, each time costing the server a "
          + "handshake (CVE-2011-1473; expected: true, or the property unset, which Axle sets to true)", PROPERTY, set);
    }
  }
}
