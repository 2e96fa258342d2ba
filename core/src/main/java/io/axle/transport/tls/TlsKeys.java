package io.axle.transport.tls;

import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeyProvider;
import java.time.Duration;
import java.util.List;

/**
 * The TLS keys both transports read: one server side (every transport's server) and one client
 * side (every transport's client). Defaults and meaning in docs/configuration.md and
 * docs/security.md.
 */
public final class TlsKeys implements ConfigKeyProvider {
  public static final ConfigKey<Boolean> SERVER_ENABLED = ConfigKey.booleanKey("axle.tls.server.enabled", false,
      "Every transport's server accepts TLS connections only.");

  public static final ConfigKey<String> SERVER_CERT = ConfigKey.stringKey("axle.tls.server.cert", "",
      "The server's certificate chain: a PEM file (with axle.tls.server.key) or a PKCS#12 file (.p12, .pfx).");

  public static final ConfigKey<String> SERVER_KEY = ConfigKey.stringKey("axle.tls.server.key", "",
      "The server's private key, a PEM file (PKCS#8 or PKCS#1); empty for a PKCS#12 certificate file.");

  public static final ConfigKey<String> SERVER_PASSWORD = ConfigKey.stringKey("axle.tls.server.password", "",
      "The password of a PKCS#12 axle.tls.server.cert.");

  public static final ConfigKey<String> SERVER_CLIENT_AUTH = ConfigKey.choiceKey("axle.tls.server.client-auth",
      "none", "Whether the server asks clients for a certificate: none, request (verified when sent) or require.",
      "none", "request", "require");

  public static final ConfigKey<String> SERVER_TRUST = ConfigKey.stringKey("axle.tls.server.trust", "",
      "PEM file of the CA certificates that may sign client certificates; needed when client-auth is not none.");

  public static final ConfigKey<Boolean> CLIENT_ENABLED = ConfigKey.booleanKey("axle.tls.client.enabled", false,
      "Every transport's client connects to providers over TLS.");

  public static final ConfigKey<String> CLIENT_TRUST = ConfigKey.stringKey("axle.tls.client.trust", "",
      "PEM file of the CA certificates that may sign providers' certificates; empty: the JDK's default trust store.");

  public static final ConfigKey<String> CLIENT_CERT = ConfigKey.stringKey("axle.tls.client.cert", "",
      "The client's certificate for mutual TLS: a PEM file (with axle.tls.client.key) or a PKCS#12 file; empty: none.");

  public static final ConfigKey<String> CLIENT_KEY = ConfigKey.stringKey("axle.tls.client.key", "",
      "The client's private key, a PEM file; empty for a PKCS#12 certificate file or no client certificate.");

  public static final ConfigKey<String> CLIENT_PASSWORD = ConfigKey.stringKey("axle.tls.client.password", "",
      "The password of a PKCS#12 axle.tls.client.cert.");

  public static final ConfigKey<Boolean> CLIENT_VERIFY_HOST = ConfigKey.booleanKey("axle.tls.client.verify-host",
      true, "Whether a provider's certificate must name the host the client connects to.");

  public static final ConfigKey<List<String>> PROTOCOLS = ConfigKey.listKey("axle.tls.protocols",
      "TLS versions offered and accepted.", "a list of TLS versions out of TLSv1.3, TLSv1.2",
      item -> item.equals("TLSv1.3") || item.equals("TLSv1.2"))
      .withDefault(() -> List.of("TLSv1.3", "TLSv1.2"), "TLSv1.3,TLSv1.2");

  public static final ConfigKey<List<String>> CIPHER_SUITES = ConfigKey.listKey("axle.tls.cipher-suites",
      "Cipher suites offered and accepted; empty: the JDK's defaults for the protocols.");

  public static final ConfigKey<Duration> RELOAD_INTERVAL = ConfigKey.durationKey("axle.tls.reload-interval",
      Duration.ofSeconds(10), Duration.ofMillis(100),
      "How often the certificate, key and trust files are checked for changes; changed files are loaded without a "
          + "restart, for new connections.");

  static final List<ConfigKey<?>> ALL = List.of(SERVER_ENABLED, SERVER_CERT, SERVER_KEY, SERVER_PASSWORD,
      SERVER_CLIENT_AUTH, SERVER_TRUST, CLIENT_ENABLED, CLIENT_TRUST, CLIENT_CERT, CLIENT_KEY, CLIENT_PASSWORD,
      CLIENT_VERIFY_HOST, PROTOCOLS, CIPHER_SUITES, RELOAD_INTERVAL);

  /** Public for {@link java.util.ServiceLoader}; the keys themselves are the constants. */
  public TlsKeys() {
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return ALL;
  }
}
