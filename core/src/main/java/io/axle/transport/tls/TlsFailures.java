package io.axle.transport.tls;

import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.Locale;
import javax.net.ssl.SSLException;

/**
 * What went wrong in a TLS handshake, said so that an operator knows which side to fix: the JDK
 * and Netty report it as nested exceptions and alert names. Used for the server's log line and
 * for the message of a call whose connection could not be made.
 */
public final class TlsFailures {
  private static final String NOT_SSL_RECORD = "io.netty.handler.ssl.NotSslRecordException";
  private static final int DETAIL_LIMIT = 200;
  private TlsFailures() {
  }

  /**
   * @param failure what Vert.x or Netty reported
   * @param serverSide true on the server (the peer is a client), false on a client (the peer is a provider)
   */
  public static String describe(Throwable failure, boolean serverSide) {
    String peer = serverSide ? "the client" : "the provider";
    String reason = reason(failure, serverSide, peer);
    return reason + " [" + innermost(failure) + "]";
  }

  /**
   * What a client's calls fail with when TLS failed on their connection: {@code TLS handshake failed: } and
   * {@link #describe}, from the client's side. The same words whether the handshake failed as the connection
   * was made or the provider refused the client's certificate after this side's handshake ended (TLS 1.3).
   */
  public static String handshakeFailed(Throwable failure) {
    return "TLS handshake failed: " + describe(failure, false);
  }

  /** True when {@code failure} came from TLS, not from the network. */
  public static boolean isTls(Throwable failure) {
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof SSLException || t.getClass().getName().equals(NOT_SSL_RECORD)) {
        return true;
      }
    }
    return false;
  }

  private static String reason(Throwable failure, boolean serverSide, String peer) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = failure; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t.getClass().getName().equals(NOT_SSL_RECORD)) {
        return serverSide ? "the client does not speak TLS (a plaintext client on a TLS port)"
            : "the provider does not speak TLS (a plaintext port, while axle.tls.client.enabled is true)";
      }
      if (t instanceof CertificateExpiredException) {
        return peer + "'s certificate has expired";
      }
      if (t instanceof CertificateNotYetValidException) {
        return peer + "'s certificate is not valid yet";
      }
      all.append(' ').append(t.getMessage());
    }
    String text = all.toString().toLowerCase(Locale.ROOT);
    if (text.contains("unable to find valid certification path") || text.contains("path building failed")) {
      return peer + "'s certificate is not signed by a CA this side trusts ("
          + (serverSide ? "axle.tls.server.trust" : "axle.tls.client.trust") + ")";
    }
    if (text.contains("validity check failed") || text.contains("certificate_expired")) {
      return serverSide && text.contains("certificate_expired") ? "the client refused the server's certificate as expired"
          : peer + "'s certificate has expired";
    }
    if (text.contains("empty client certificate chain") || text.contains("null cert chain")
        || text.contains("empty certificate chain")) {
      return "the client sent no certificate signed by a CA of axle.tls.server.trust (none at all, or one from "
          + "another CA; axle.tls.server.client-auth: require)";
    }
    if (text.contains("certificate_required")) {
      // The JDK's client sends only a certificate from a CA the server named: none configured, or another CA's.
      return "the provider requires a client certificate signed by a CA it trusts, and this client sent none "
          + "(expected: axle.tls.client.cert and axle.tls.client.key, signed by a CA of the provider's "
          + "axle.tls.server.trust)";
    }
    if (text.contains("no subject alternative") || text.contains("no name matching")) {
      return "the provider's certificate does not name the host connected to (axle.tls.client.verify-host)";
    }
    if (text.contains("certificate_unknown") || text.contains("unknown_ca") || text.contains("bad_certificate")) {
      return serverSide ? "the client refused the server's certificate: it does not trust the CA that signed it, or "
          + "the name in it does not match the host it connected to"
          : "the provider refused the client's certificate (axle.tls.client.cert): it has expired, is not valid "
              + "yet, or is not signed by a CA the provider trusts; the provider's log says which";
    }
    if (text.contains("protocol_version") || text.contains("no appropriate protocol")
        || text.contains("handshake_failure") || text.contains("no cipher suites in common")) {
      return "the two sides share no TLS version or cipher suite (axle.tls.protocols, axle.tls.cipher-suites)";
    }
    if (text.contains("timed out") || text.contains("timeout")) {
      return "the TLS handshake timed out";
    }
    return "the TLS handshake failed";
  }

  /**
   * The innermost exception's type and text, for whoever needs the detail; without Netty's text for a
   * record that is not TLS, which is the peer's bytes in hex (a plaintext request: its path, its operation
   * name, its headers), and at most {@value #DETAIL_LIMIT} characters of any other.
   */
  private static String innermost(Throwable failure) {
    Throwable t = failure;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String type = t.getClass().getSimpleName();
    if (t.getMessage() == null || t.getClass().getName().equals(NOT_SSL_RECORD)) {
      return type;
    }
    String text = t.getMessage();
    return type + ": " + (text.length() > DETAIL_LIMIT ? text.substring(0, DETAIL_LIMIT) + "…" : text);
  }
}
