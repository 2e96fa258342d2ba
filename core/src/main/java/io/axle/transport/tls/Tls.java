package io.axle.transport.tls;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.ConfigKey;
import io.vertx.core.Future;
import io.vertx.core.Vertx;
import io.vertx.core.buffer.Buffer;
import io.vertx.core.http.ClientAuth;
import io.vertx.core.net.ClientOptionsBase;
import io.vertx.core.net.ClientSSLOptions;
import io.vertx.core.net.KeyCertOptions;
import io.vertx.core.net.NetServerOptions;
import io.vertx.core.net.PemKeyCertOptions;
import io.vertx.core.net.PemTrustOptions;
import io.vertx.core.net.PfxOptions;
import io.vertx.core.net.SSLOptions;
import io.vertx.core.net.ServerSSLOptions;
import io.vertx.core.net.TCPSSLOptions;
import io.vertx.core.net.TrustOptions;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;
import javax.net.ssl.SSLContext;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * TLS for every transport of a runtime, from the {@code axle.tls.*} keys ({@link TlsKeys}): what a
 * transport sets on its server's and its client's Vert.x options, and the reload of the certificate,
 * key and trust files when they change, which each transport hears of through
 * {@link #onServerReload} and {@link #onClientReload}. Made once by the runtime and handed to every
 * transport ({@code TransportContext.tls()}), so both wires use the same material and one watcher.
 */
public final class Tls {
  private static final Logger log = LoggerFactory.getLogger(Tls.class);

  /** No TLS on either side. */
  public static final Tls DISABLED = new Tls(null, null, false, List.of(), null, 0);

  private final Material server;
  private final Material client;
  private final boolean verifyHost;
  private final List<Path> watched;
  private final Vertx vertx;
  private final long reloadMillis;
  private final List<Function<ServerSSLOptions, Future<?>>> serverListeners = new CopyOnWriteArrayList<>();
  private final List<Function<ClientSSLOptions, Future<?>>> clientListeners = new CopyOnWriteArrayList<>();
  private volatile FileStamps stamps;
  /** What {@link #check} read and loaded at start: what {@code applyTo} hands the transports. */
  private ServerSSLOptions checkedServer;
  private ClientSSLOptions checkedClient;
  private long timer = -1;

  private Tls(Material server, Material client, boolean verifyHost, List<Path> watched, Vertx vertx,
      long reloadMillis) {
    this.server = server;
    this.client = client;
    this.verifyHost = verifyHost;
    this.watched = watched;
    this.vertx = vertx;
    this.reloadMillis = reloadMillis;
  }

  /**
   * Reads and checks the keys: files that must be there are there and load. A mistake stops the
   * start with {@code key: value (expected: …)}.
   */
  public static Tls of(AxleConfig config, Vertx vertx) {
    boolean serverOn = config.get(TlsKeys.SERVER_ENABLED);
    boolean clientOn = config.get(TlsKeys.CLIENT_ENABLED);
    if (!serverOn && !clientOn) {
      return DISABLED;
    }
    List<String> problems = new ArrayList<>();
    if (serverOn) {
      Renegotiation.refuseClientInitiated();
    }
    Material server = serverOn ? Material.server(config, problems) : null;
    Material client = clientOn ? Material.client(config, problems) : null;
    if (!problems.isEmpty()) {
      throw new ConfigException(problems);
    }
    List<Path> watched = new ArrayList<>();
    if (server != null) {
      watched.addAll(server.files);
    }
    if (client != null) {
      watched.addAll(client.files);
    }
    Tls tls = new Tls(server, client, config.get(TlsKeys.CLIENT_VERIFY_HOST), List.copyOf(watched), vertx,
        config.get(TlsKeys.RELOAD_INTERVAL).toMillis());
    // Loaded once now: a certificate that does not parse stops the start, not the first handshake.
    tls.check();
    tls.stamps = FileStamps.of(tls.watched);
    return tls;
  }

  /** True when every transport's server speaks TLS only. */
  public boolean server() {
    return server != null;
  }

  /** True when every transport's client speaks TLS. */
  public boolean client() {
    return client != null;
  }

  /** Whether a client checks that a provider's certificate names the host it connects to. */
  public boolean verifyHost() {
    return verifyHost;
  }

  /** Turns TLS on in a server's options (NetServerOptions or HttpServerOptions), when enabled. */
  public void applyTo(NetServerOptions options) {
    if (server == null) {
      return;
    }
    options.setSsl(true).setClientAuth(checkedServer.getClientAuth());
    copy(checkedServer, options);
  }

  /** Turns TLS on in a client's options (NetClientOptions or HttpClientOptions), when enabled; host checks are the caller's. */
  public void applyTo(ClientOptionsBase options) {
    if (client == null) {
      return;
    }
    options.setSsl(true);
    copy(checkedClient, options);
  }

  /** The client's options as the files stand now, with the host check the keys ask for. */
  private ClientSSLOptions clientOptions() {
    return client.clientOptions().setHostnameVerificationAlgorithm(verifyHost ? "HTTPS" : "");
  }

  /**
   * Calls {@code update} with the new server options whenever the files change, typically
   * {@code server.updateSSLOptions(options, true)}: connections made after it use the new
   * certificate, connections already open keep theirs.
   */
  public void onServerReload(Function<ServerSSLOptions, Future<?>> update) {
    serverListeners.add(update);
    startWatching();
  }

  /** As {@link #onServerReload}, for a client's options. */
  public void onClientReload(Function<ClientSSLOptions, Future<?>> update) {
    clientListeners.add(update);
    startWatching();
  }

  /** Logs why a connection failed its TLS handshake on a server of {@code transport}; a Vert.x exception handler. */
  public void logServerFailure(String transport, Throwable failure) {
    log.warn("{}: TLS connection refused: {}", transport, TlsFailures.describe(failure, true));
  }

  /** On the runtime's Vert.x, whose close at stop ends it. */
  private synchronized void startWatching() {
    if (timer < 0 && vertx != null && !watched.isEmpty()) {
      timer = vertx.setPeriodic(reloadMillis, id -> vertx.executeBlocking(() -> {
        reloadIfChanged();
        return null;
      }, false));
    }
  }

  /** Checks the files; when one changed, loads them all and tells the transports. Off the event loops. */
  synchronized void reloadIfChanged() {
    FileStamps now = FileStamps.of(watched);
    if (now.equals(stamps)) {
      return;
    }
    ServerSSLOptions serverOptions;
    ClientSSLOptions clientOptions;
    try {
      // What is checked is what is handed over: the files' contents as read once, here.
      serverOptions = server == null ? null : server.check(vertx, server.serverOptions());
      clientOptions = client == null ? null : client.check(vertx, clientOptions());
    } catch (RuntimeException e) {
      // Half-written files, or a bad new certificate: keep serving with the old one, and try again next time.
      log.warn("TLS files changed but cannot be loaded; the previous certificates stay in use: {}", e.getMessage());
      return;
    }
    stamps = now;
    log.info("TLS files changed ({}); new connections use them", watched);
    if (serverOptions != null) {
      serverListeners.forEach(update -> report(update.apply(serverOptions.copy())));
    }
    if (clientOptions != null) {
      clientListeners.forEach(update -> report(update.apply(clientOptions.copy())));
    }
  }

  private static void report(Future<?> update) {
    update.onFailure(e -> log.warn("TLS reload failed; the previous certificates stay in use: {}", e.toString()));
  }

  /** Loads the key material and trust once, so a broken file fails here with its key and path. */
  private void check() {
    if (server != null) {
      checkedServer = server.check(vertx, server.serverOptions());
    }
    if (client != null) {
      checkedClient = client.check(vertx, clientOptions());
    }
  }

  /** When and how long each watched file was last seen: a change in either means it was rewritten. */
  private record FileStamps(List<List<Long>> stamps) {
    static FileStamps of(List<Path> files) {
      List<List<Long>> stamps = new ArrayList<>();
      for (Path file : files) {
        try {
          stamps.add(List.of(Files.getLastModifiedTime(file).toMillis(), Files.size(file)));
        } catch (java.io.IOException e) {
          // Being replaced (moved away, not yet back): a change, looked at again next time.
          stamps.add(List.of(-1L, -1L));
        }
      }
      return new FileStamps(stamps);
    }
  }

  private static void copy(SSLOptions from, TCPSSLOptions to) {
    if (from.getKeyCertOptions() != null) {
      to.setKeyCertOptions(from.getKeyCertOptions());
    }
    if (from.getTrustOptions() != null) {
      to.setTrustOptions(from.getTrustOptions());
    }
    to.setEnabledSecureTransportProtocols(new LinkedHashSet<>(from.getEnabledSecureTransportProtocols()));
    from.getEnabledCipherSuites().forEach(to::addEnabledCipherSuite);
  }

  /** One side's files and settings. */
  private static final class Material {
    private static final List<String> SUPPORTED_CIPHER_SUITES = supportedCipherSuites();

    final List<Path> files = new ArrayList<>();
    /** The key that named each file, for a read error that names it. */
    private final java.util.Map<String, String> keyOfPath = new java.util.HashMap<>();
    private KeyCertOptions keyCert;
    private String keyCertKeys;
    private TrustOptions trust;
    private String trustKey;
    private ClientAuth clientAuth = ClientAuth.NONE;
    private List<String> protocols;
    private List<String> cipherSuites;

    static Material server(AxleConfig config, List<String> problems) {
      Material m = new Material();
      m.common(config, problems);
      m.keyCert = m.keyCert(config, TlsKeys.SERVER_CERT, TlsKeys.SERVER_KEY, TlsKeys.SERVER_PASSWORD, true, problems);
      m.clientAuth = switch (config.get(TlsKeys.SERVER_CLIENT_AUTH)) {
        case "request" -> ClientAuth.REQUEST;
        case "require" -> ClientAuth.REQUIRED;
        default -> ClientAuth.NONE;
      };
      String trust = config.get(TlsKeys.SERVER_TRUST);
      if (trust.isBlank() && m.clientAuth != ClientAuth.NONE) {
        problems.add(TlsKeys.SERVER_TRUST.name() + ": (empty) (expected: a PEM file of the CA certificates that sign "
            + "client certificates, since " + TlsKeys.SERVER_CLIENT_AUTH.name() + " is "
            + config.get(TlsKeys.SERVER_CLIENT_AUTH) + ")");
      } else if (!trust.isBlank()) {
        m.trust = m.pemTrust(TlsKeys.SERVER_TRUST, trust, problems);
      }
      return m;
    }

    static Material client(AxleConfig config, List<String> problems) {
      Material m = new Material();
      m.common(config, problems);
      String trust = config.get(TlsKeys.CLIENT_TRUST);
      if (!trust.isBlank()) {
        m.trust = m.pemTrust(TlsKeys.CLIENT_TRUST, trust, problems);
      }
      m.keyCert = m.keyCert(config, TlsKeys.CLIENT_CERT, TlsKeys.CLIENT_KEY, TlsKeys.CLIENT_PASSWORD, false, problems);
      return m;
    }

    private void common(AxleConfig config, List<String> problems) {
      protocols = config.get(TlsKeys.PROTOCOLS);
      cipherSuites = config.get(TlsKeys.CIPHER_SUITES);
      List<String> unknown = new ArrayList<>(cipherSuites);
      unknown.removeAll(SUPPORTED_CIPHER_SUITES);
      // Checked here, once: otherwise the first listen or handshake would fail without naming the key.
      if (!unknown.isEmpty() && !problems.contains(cipherProblem(unknown))) {
        problems.add(cipherProblem(unknown));
      }
    }

    private static String cipherProblem(List<String> unknown) {
      return TlsKeys.CIPHER_SUITES.name() + ": " + String.join(",", unknown) + " (expected: cipher suites this JDK "
          + "supports, such as TLS_AES_128_GCM_SHA256 or TLS_ECDHE_ECDSA_WITH_AES_256_GCM_SHA384)";
    }

    private KeyCertOptions keyCert(AxleConfig config, ConfigKey<String> certKey, ConfigKey<String> keyKey,
        ConfigKey<String> passwordKey, boolean required, List<String> problems) {
      String cert = config.get(certKey);
      String key = config.get(keyKey);
      if (cert.isBlank()) {
        if (required) {
          problems.add(certKey.name() + ": (empty) (expected: a PEM or PKCS#12 certificate file, since TLS is on)");
        } else if (!key.isBlank()) {
          problems.add(keyKey.name() + ": " + key + " (expected: empty, or " + certKey.name() + " set too)");
        }
        return null;
      }
      if (!readable(certKey, cert, problems)) {
        return null;
      }
      keyCertKeys = certKey.name() + " " + cert;
      if (isPkcs12(cert)) {
        if (!key.isBlank()) {
          problems.add(keyKey.name() + ": " + key + " (expected: empty, since " + certKey.name() + " is a PKCS#12 "
              + "file holding the key)");
          return null;
        }
        return new PfxOptions().setPath(cert).setPassword(config.get(passwordKey));
      }
      if (key.isBlank()) {
        problems.add(keyKey.name() + ": (empty) (expected: the PEM private key of " + certKey.name() + " " + cert + ")");
        return null;
      }
      if (!readable(keyKey, key, problems)) {
        return null;
      }
      keyCertKeys += ", " + keyKey.name() + " " + key;
      return new PemKeyCertOptions().setCertPath(cert).setKeyPath(key);
    }

    private TrustOptions pemTrust(ConfigKey<String> key, String path, List<String> problems) {
      trustKey = key.name() + " " + path;
      return readable(key, path, problems) ? new PemTrustOptions().addCertPath(path) : null;
    }

    private boolean readable(ConfigKey<String> key, String path, List<String> problems) {
      Path file = Path.of(path);
      if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
        problems.add(key.name() + ": " + path + " (expected: a readable file; "
            + (Files.exists(file) ? "it cannot be read" : "there is none") + ")");
        return false;
      }
      files.add(file.toAbsolutePath());
      keyOfPath.put(path, key.name());
      return true;
    }

    private static List<String> supportedCipherSuites() {
      try {
        return List.of(SSLContext.getDefault().getSupportedSSLParameters().getCipherSuites());
      } catch (java.security.NoSuchAlgorithmException e) {
        throw new IllegalStateException("this JDK has no default TLS context", e);
      }
    }

    private static boolean isPkcs12(String path) {
      String lower = path.toLowerCase(Locale.ROOT);
      return lower.endsWith(".p12") || lower.endsWith(".pfx");
    }

    ServerSSLOptions serverOptions() {
      ServerSSLOptions options = new ServerSSLOptions().setClientAuth(clientAuth);
      fill(options);
      return options;
    }

    ClientSSLOptions clientOptions() {
      ClientSSLOptions options = new ClientSSLOptions();
      fill(options);
      return options;
    }

    /**
     * Fills in the files' contents as they are now, not their paths: Vert.x caches the TLS context
     * it made for equal options, and a client's {@code updateSSLOptions} cannot force a new one, so
     * only options that differ by their contents make a reloaded file take effect.
     */
    private void fill(SSLOptions options) {
      if (keyCert instanceof PemKeyCertOptions pem) {
        options.setKeyCertOptions(new PemKeyCertOptions().setCertValue(read(pem.getCertPath()))
            .setKeyValue(read(pem.getKeyPath())));
      } else if (keyCert instanceof PfxOptions pfx) {
        options.setKeyCertOptions(new PfxOptions().setValue(read(pfx.getPath()))
            .setPassword(pfx.getPassword()));
      }
      if (trust instanceof PemTrustOptions pem) {
        PemTrustOptions values = new PemTrustOptions();
        pem.getCertPaths().forEach(path -> values.addCertValue(read(path)));
        options.setTrustOptions(values);
      }
      options.setEnabledSecureTransportProtocols(new LinkedHashSet<>(protocols));
      cipherSuites.forEach(options::addEnabledCipherSuite);
    }

    private Buffer read(String path) {
      try {
        return Buffer.buffer(Files.readAllBytes(Path.of(path)));
      } catch (java.io.IOException e) {
        throw new ConfigException(keyOfPath.get(path) + ": " + path + " (expected: a readable file; " + e + ")", e);
      }
    }

    /** Loads {@code options} as a handshake would, so that a file that does not parse is named; returns them. */
    <T extends SSLOptions> T check(Vertx vertx, T options) {
      try {
        if (options.getKeyCertOptions() != null) {
          options.getKeyCertOptions().copy().getKeyManagerFactory(vertx);
        }
      } catch (Exception e) {
        throw new ConfigException(keyCertKeys + ": cannot load the certificate and key: " + e.getMessage()
            + " (expected: a PEM certificate chain and its PEM private key, or a PKCS#12 file and its password)", e);
      }
      try {
        if (options.getTrustOptions() != null) {
          options.getTrustOptions().copy().getTrustManagerFactory(vertx);
        }
      } catch (Exception e) {
        throw new ConfigException(trustKey + ": cannot load the CA certificates: " + e.getMessage()
            + " (expected: a PEM file of one or more certificates)", e);
      }
      return options;
    }
  }
}
