package io.axle.transport.tls;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.LogCapture;
import io.axle.testing.Runtimes;
import java.nio.file.Path;
import java.security.KeyStore;
import java.security.cert.X509Certificate;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLSocket;
import javax.net.ssl.TrustManagerFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * TLS and mutual TLS on both transports with real certificates (a CA made fresh per test), real
 * servers on loopback and real clients: round trips, each handshake failure with the server's log
 * line that says which, and a certificate reloaded while a connection stays up. "rest-h2" is REST
 * with {@code axle.rest.client.protocol: h2c}, which over TLS is HTTP/2 agreed by ALPN.
 */
@Tag("slow")
class TlsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  /** What a client whose certificate the provider would not take is told: it sent none. */
  private static final String CLIENT_SENT_NONE = "TLS handshake failed: the provider requires a client certificate "
      + "signed by a CA it trusts, and this client sent none (expected: axle.tls.client.cert and axle.tls.client.key, "
      + "signed by a CA of the provider's axle.tls.server.trust)";
  @TempDir
  Path dir;
  private TestPki pki;
  private final EchoServiceImpl impl = new EchoServiceImpl();
  private final LogCapture log = new LogCapture();

  @BeforeEach
  void pki() throws Exception {
    pki = new TestPki(dir);
    log.install();
  }

  @AfterEach
  void stop() {
    // Before the extension closes the runtimes: a blocked call would hold the provider's stop.
    impl.release();
    log.uninstall();
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest", "rest-h2"})
  void roundTrip_overTls(String wire) throws Exception {
    TestPki.CertFiles server = pki.server("server");
    Axle provider = provider(wire, serverTls(server));
    EchoService echo = consumer(provider, wire, clientTls(pki.caFile()));
    assertThat(echo.echo("over TLS")).isEqualTo("over TLS");
    assertThat(echo.add(40, 2)).isEqualTo(42);
    assertThat(peerCertificate(provider, wire).getSubjectX500Principal().getName()).isEqualTo("CN=server");
    assertThat(log.text()).as("the start-up line says which listeners speak TLS")
        .contains(provider.endpoint(transport(wire)).orElseThrow() + " (TLS)").contains("; calls out over TLS");
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest", "rest-h2"})
  void mutualTls_roundTrip_withPemAndWithPkcs12ClientCertificates(String wire) throws Exception {
    Axle provider = provider(wire, mutualServerTls());

    Map<String, Object> pem = clientTls(pki.caFile(), pki.client("client"));
    assertThat(consumer(provider, wire, pem).echo("pem")).isEqualTo("pem");

    Map<String, Object> pkcs12 = clientTls(pki.caFile());
    pkcs12.put("axle.tls.client.cert", pki.clientPkcs12("client2").toString());
    pkcs12.put("axle.tls.client.password", TestPki.PASSWORD);
    assertThat(consumer(provider, wire, pkcs12).echo("pkcs12")).isEqualTo("pkcs12");
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void aPlaintextClient_onATlsPort_failsItsConnection_andTheServerSaysWhy(String wire) throws Exception {
    Axle provider = provider(wire, serverTls(pki.server("server")));
    EchoService plain = consumer(provider, wire, Map.of("axle.request.timeout", "3s"));
    assertThatThrownBy(() -> plain.echo("in clear")).isInstanceOf(AxleException.class);
    awaitLog(wire + ": TLS connection refused: the client does not speak TLS (a plaintext client on a TLS port)");
    assertThat(log.text()).as("what happened, not the client's bytes in hex").doesNotContain("not an SSL/TLS record")
        .contains("[NotSslRecordException]");
    // A TLS client of the same server is served meanwhile.
    assertThat(consumer(provider, wire, clientTls(pki.caFile())).echo("fine")).isEqualTo("fine");
  }

  /**
   * testssl.sh's check for CVE-2011-1473: a TLS 1.2 client asks for a renegotiation on an open connection;
   * the server answers with a {@code handshake_failure} alert and the connection ends. (Allowed, the
   * renegotiation would succeed and the connection stay open, so the check fails.)
   */
  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void aClientsRenegotiation_isRefused(String wire) throws Exception {
    Axle provider = provider(wire, serverTls(pki.server("server")));
    try (OpenSslClient client = OpenSslClient.tls12(provider.endpoint(transport(wire)).orElseThrow().port(),
        pki.caFile())) {
      client.renegotiate();
      assertThat(client.endsWithin(10)).as("the server ended the connection: %s", client.output()).isTrue();
      assertThat(client.output()).contains("RENEGOTIATING").containsIgnoringCase("alert handshake failure");
    }
    // The server goes on serving.
    assertThat(consumer(provider, wire, clientTls(pki.caFile())).echo("fine")).isEqualTo("fine");
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void aServerSignedByAnUnknownCa_isRefusedByTheClient(String wire) throws Exception {
    Axle provider = provider(wire, serverTls(pki.rogueServer("rogue")));
    EchoService echo = consumer(provider, wire, clientTls(pki.caFile()));
    assertThatThrownBy(() -> echo.echo("x")).isInstanceOfSatisfying(AxleException.class, e -> {
      assertThat(e.status()).isEqualTo(Status.CONNECTION_FAILED);
      assertThat(e.getMessage()).contains("TLS handshake failed: the provider's certificate is not signed by a CA "
          + "this side trusts (axle.tls.client.trust)");
    });
    awaitLog(wire + ": TLS connection refused: the client refused the server's certificate");
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void anExpiredServerCertificate_isRefusedByTheClient(String wire) throws Exception {
    Axle provider = provider(wire, serverTls(pki.expiredServer("expired")));
    EchoService echo = consumer(provider, wire, clientTls(pki.caFile()));
    assertThatThrownBy(() -> echo.echo("x")).isInstanceOfSatisfying(AxleException.class, e -> {
      assertThat(e.status()).isEqualTo(Status.CONNECTION_FAILED);
      assertThat(e.getMessage()).contains("TLS handshake failed: the provider's certificate has expired");
    });
    awaitLog(wire + ": TLS connection refused: the client refused the server's certificate");
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void aMissingClientCertificate_failsTheConnection_andTheServerSaysWhy(String wire) throws Exception {
    Axle provider = provider(wire, mutualServerTls());
    Map<String, Object> noCert = clientTls(pki.caFile());
    noCert.put("axle.request.timeout", "3s");
    EchoService echo = consumer(provider, wire, noCert);
    assertThatThrownBy(() -> echo.echo("x")).isInstanceOfSatisfying(AxleException.class, e -> assertThat(e)
        .as("the client is told too").hasMessageContaining(CLIENT_SENT_NONE));
    awaitLog(wire + ": TLS connection refused: the client sent no certificate signed by a CA of "
        + "axle.tls.server.trust (none at all, or one from another CA; axle.tls.server.client-auth: require)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void anExpiredClientCertificate_isExplainedToBothSides(String wire) throws Exception {
    Axle provider = provider(wire, mutualServerTls());
    Map<String, Object> keys = clientTls(pki.caFile(), pki.expiredClient("expired-client"));
    keys.put("axle.request.timeout", "3s");
    EchoService echo = consumer(provider, wire, keys);
    assertThatThrownBy(() -> echo.echo("x")).isInstanceOfSatisfying(AxleException.class, e -> assertThat(e)
        .hasMessageContaining("TLS handshake failed: the provider refused the client's certificate "
            + "(axle.tls.client.cert): it has expired, is not valid yet, or is not signed by a CA the provider "
            + "trusts; the provider's log says which"));
    awaitLog(wire + ": TLS connection refused: the client's certificate has expired");
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void aClientCertificateFromAnUnknownCa_isRefusedByTheServer(String wire) throws Exception {
    Axle provider = provider(wire, mutualServerTls());
    Map<String, Object> keys = clientTls(pki.caFile(), pki.rogueServer("rogue-client"));
    keys.put("axle.request.timeout", "3s");
    EchoService echo = consumer(provider, wire, keys);
    assertThatThrownBy(() -> echo.echo("x")).isInstanceOfSatisfying(AxleException.class, e -> assertThat(e)
        .hasMessageContaining(CLIENT_SENT_NONE));
    // The JDK's client sends only a certificate from a CA the server named in its request: none here.
    awaitLog(wire + ": TLS connection refused: the client sent no certificate signed by a CA of "
        + "axle.tls.server.trust (none at all, or one from another CA; axle.tls.server.client-auth: require)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void aChangedCertificate_isServedToNewConnections_whileOpenOnesStayUp(String wire) throws Exception {
    TestPki.CertFiles live = pki.server("server-1");
    Map<String, Object> serverKeys = serverTls(live);
    serverKeys.put("axle.tls.reload-interval", "100ms");
    Axle provider = provider(wire, serverKeys);
    EchoService echo = consumer(provider, wire, clientTls(pki.caFile()));
    assertThat(echo.echo("before")).isEqualTo("before");
    // A call in flight on the connection made with the first certificate, across the reload.
    CompletableFuture<String> inFlight = CompletableFuture.supplyAsync(() -> echo.block("across the reload"));
    impl.awaitBlocked();

    TestPki.replace(live, pki.server("server-2"));
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    String seen = peerCertificate(provider, wire).getSubjectX500Principal().getName();
    while (!seen.equals("CN=server-2") && System.nanoTime() < deadline) {
      Thread.sleep(50);
      seen = peerCertificate(provider, wire).getSubjectX500Principal().getName();
    }
    assertThat(seen).as("the certificate a new connection gets").isEqualTo("CN=server-2");
    awaitLog("TLS files changed");

    impl.release();
    assertThat(inFlight.get(20, TimeUnit.SECONDS)).isEqualTo("across the reload");
    assertThat(echo.echo("after")).isEqualTo("after");
  }

  @Test
  void badTlsSettings_stopTheStart_namingTheKey() throws Exception {
    Map<String, Object> missing = new LinkedHashMap<>();
    missing.put("axle.tls.server.enabled", true);
    missing.put("axle.tls.server.cert", dir.resolve("nope.pem").toString());
    missing.put("axle.tls.server.key", dir.resolve("nope-key.pem").toString());
    assertStartFails(missing, "axle.tls.server.cert: " + dir.resolve("nope.pem")
        + " (expected: a readable file; there is none)");

    Map<String, Object> noTrust = serverTls(pki.server("server"));
    noTrust.put("axle.tls.server.client-auth", "require");
    assertStartFails(noTrust, "axle.tls.server.trust: (empty) (expected: a PEM file of the CA certificates that sign "
        + "client certificates, since axle.tls.server.client-auth is require)");

    Map<String, Object> notAKey = serverTls(pki.server("server"));
    notAKey.put("axle.tls.server.key", pki.caFile().toString());
    assertStartFails(notAKey, "axle.tls.server.cert " + dir.resolve("server.pem") + ", axle.tls.server.key "
        + pki.caFile() + ": cannot load the certificate and key");

    Map<String, Object> unknownCipher = serverTls(pki.server("server"));
    unknownCipher.put("axle.tls.cipher-suites", "TLS_AES_128_GCM_SHA256,TLS_NO_SUCH_SUITE");
    assertStartFails(unknownCipher, "axle.tls.cipher-suites: TLS_NO_SUCH_SUITE (expected: cipher suites this JDK "
        + "supports");

    Map<String, Object> oldProtocol = serverTls(pki.server("server"));
    oldProtocol.put("axle.tls.protocols", "TLSv1.1");
    assertStartFails(oldProtocol, "axle.tls.protocols: TLSv1.1 (expected: a list of TLS versions out of TLSv1.3, "
        + "TLSv1.2)");
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void aChangedClientCertificate_isUsedByNewConnections_withoutARestart(String wire) throws Exception {
    // The consumer starts with a certificate the server does not trust...
    TestPki.CertFiles live = pki.rogueServer("client-1");
    EchoService echo = reloadingConsumer(wire, live);
    assertThatThrownBy(() -> echo.echo("refused")).isInstanceOf(AxleException.class);

    // ...and its files are replaced with one signed by the CA the server requires: the same consumer,
    // not restarted, is served once it has reloaded them.
    TestPki.replace(live, pki.client("client-2"));
    assertThat(firstAnswer(echo, "reloaded")).as("an answer with the reloaded client certificate")
        .isEqualTo("reloaded");
    awaitLog("TLS files changed");
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void aClientCertificateChangedBeforeTheFirstCall_isUsedByIt(String wire) throws Exception {
    // REST builds its HTTP clients on the first call, not at start: the material reloaded in
    // between must reach them as it reaches clients already built.
    TestPki.CertFiles live = pki.rogueServer("client-1");
    EchoService echo = reloadingConsumer(wire, live);

    TestPki.replace(live, pki.client("client-2"));
    awaitLog("TLS files changed");
    // Refused only while the reload is still being handed to the clients.
    assertThat(firstAnswer(echo, "first call")).as("the first call, with the client certificate reloaded before it")
        .isEqualTo("first call");
  }

  /** A consumer of a mutual-TLS provider whose client certificate files {@code live} are watched every 100 ms. */
  private EchoService reloadingConsumer(String wire, TestPki.CertFiles live) throws Exception {
    Axle provider = provider(wire, mutualServerTls());
    Map<String, Object> keys = clientTls(pki.caFile(), live);
    keys.put("axle.tls.reload-interval", "100ms");
    keys.put("axle.request.timeout", "3s");
    return consumer(provider, wire, keys);
  }

  /** The first answer to {@code message} within 20 s of calls refused while a reload is on its way; null if none came. */
  private static String firstAnswer(EchoService echo, String message) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    while (System.nanoTime() < deadline) {
      try {
        return echo.echo(message);
      } catch (AxleException notYet) {
        Thread.sleep(100);
      }
    }
    return null;
  }

  private void assertStartFails(Map<String, Object> keys, String message) {
    assertThatThrownBy(() -> provider("highway", keys)).satisfies(failure -> {
      StringBuilder messages = new StringBuilder();
      for (Throwable t = failure; t != null; t = t.getCause()) {
        messages.append(t.getMessage()).append('\n');
      }
      assertThat(messages.toString()).contains(message);
    });
  }

  // ---- helpers ------------------------------------------------------------------------------------

  private static String transport(String wire) {
    return wire.startsWith("rest") ? "rest" : wire;
  }

  private Map<String, Object> serverTls(TestPki.CertFiles server) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("axle.tls.server.enabled", true);
    keys.put("axle.tls.server.cert", server.cert().toString());
    keys.put("axle.tls.server.key", server.key().toString());
    return keys;
  }

  /** The server's certificate, and a client certificate signed by the CA required. */
  private Map<String, Object> mutualServerTls() throws Exception {
    Map<String, Object> keys = serverTls(pki.server("server"));
    keys.put("axle.tls.server.client-auth", "require");
    keys.put("axle.tls.server.trust", pki.caFile().toString());
    return keys;
  }

  private static Map<String, Object> clientTls(Path trust) {
    Map<String, Object> keys = new LinkedHashMap<>();
    keys.put("axle.tls.client.enabled", true);
    keys.put("axle.tls.client.trust", trust.toString());
    return keys;
  }

  /** As {@link #clientTls(Path)}, presenting {@code cert}'s PEM certificate and key. */
  private static Map<String, Object> clientTls(Path trust, TestPki.CertFiles cert) {
    Map<String, Object> keys = clientTls(trust);
    keys.put("axle.tls.client.cert", cert.cert().toString());
    keys.put("axle.tls.client.key", cert.key().toString());
    return keys;
  }

  private Axle provider(String wire, Map<String, Object> keys) {
    return runtimes.provider(transport(wire), impl, keys);
  }

  private EchoService consumer(Axle provider, String wire, Map<String, Object> keys) {
    Map<String, Object> all = new LinkedHashMap<>(keys);
    if (wire.equals("rest-h2")) {
      all.put("axle.rest.client.protocol", "h2c");
    }
    all.putIfAbsent("axle.request.timeout", "10s");
    return runtimes.consumer(provider, transport(wire), all)
        .reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
  }

  /** The certificate a new TLS connection to the provider's port gets, through the JDK's own client. */
  private X509Certificate peerCertificate(Axle provider, String wire) throws Exception {
    KeyStore trust = KeyStore.getInstance("PKCS12");
    trust.load(null, null);
    trust.setCertificateEntry("ca", java.security.cert.CertificateFactory.getInstance("X.509")
        .generateCertificate(java.nio.file.Files.newInputStream(pki.caFile())));
    TrustManagerFactory factory = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
    factory.init(trust);
    SSLContext context = SSLContext.getInstance("TLS");
    context.init(null, factory.getTrustManagers(), null);
    try (SSLSocket socket = (SSLSocket) context.getSocketFactory().createSocket("127.0.0.1",
        provider.endpoint(transport(wire)).orElseThrow().port())) {
      socket.setSoTimeout(10_000);
      socket.startHandshake();
      return (X509Certificate) socket.getSession().getPeerCertificates()[0];
    }
  }

  private void awaitLog(String text) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!log.text().contains(text) && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    assertThat(log.text()).contains(text);
  }
}
