package io.axle.transport.tls;

import java.io.IOException;
import java.io.OutputStream;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.GeneralSecurityException;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.X509Certificate;
import java.security.spec.ECGenParameterSpec;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import java.util.Date;
import java.util.concurrent.atomic.AtomicLong;
import org.bouncycastle.asn1.x500.X500Name;
import org.bouncycastle.asn1.x509.BasicConstraints;
import org.bouncycastle.asn1.x509.Extension;
import org.bouncycastle.asn1.x509.GeneralName;
import org.bouncycastle.asn1.x509.GeneralNames;
import org.bouncycastle.asn1.x509.KeyUsage;
import org.bouncycastle.cert.X509v3CertificateBuilder;
import org.bouncycastle.cert.jcajce.JcaX509CertificateConverter;
import org.bouncycastle.cert.jcajce.JcaX509v3CertificateBuilder;
import org.bouncycastle.operator.OperatorCreationException;
import org.bouncycastle.operator.jcajce.JcaContentSignerBuilder;

/**
 * A throw-away PKI for the TLS tests, made fresh in a folder: a CA, certificates it signs for
 * localhost / 127.0.0.1 (servers) and for a client, an expired one, and a second CA nobody trusts.
 * Files are PEM (certificate, PKCS#8 key) or PKCS#12, as users would name them in configuration.
 */
public final class TestPki {
  static final String PASSWORD = "secret";
  private static final AtomicLong SERIALS = new AtomicLong(System.currentTimeMillis());

  private final Path dir;
  private final Issuer ca;
  private final Issuer otherCa;

  private record Issuer(X500Name name, KeyPair keys, X509Certificate certificate) {
  }

  /** A certificate and its key as files. */
  public record CertFiles(Path cert, Path key) {
  }

  public TestPki(Path dir) throws Exception {
    this.dir = dir;
    this.ca = issuer("Axle Test CA");
    this.otherCa = issuer("Someone Else's CA");
    writePem(dir.resolve("ca.pem"), ca.certificate);
    writePem(dir.resolve("other-ca.pem"), otherCa.certificate);
  }

  public Path caFile() {
    return dir.resolve("ca.pem");
  }

  Path otherCaFile() {
    return dir.resolve("other-ca.pem");
  }

  /** A server certificate for localhost and 127.0.0.1, signed by the CA, valid for a day. */
  public CertFiles server(String name) throws Exception {
    return leaf(name, ca, true, Instant.now().minus(Duration.ofHours(1)), Instant.now().plus(Duration.ofDays(1)));
  }

  /** A server certificate that expired yesterday. */
  CertFiles expiredServer(String name) throws Exception {
    return leaf(name, ca, true, Instant.now().minus(Duration.ofDays(3)), Instant.now().minus(Duration.ofDays(1)));
  }

  /** A server certificate signed by the CA nobody here trusts. */
  CertFiles rogueServer(String name) throws Exception {
    return leaf(name, otherCa, true, Instant.now().minus(Duration.ofHours(1)), Instant.now().plus(Duration.ofDays(1)));
  }

  /** A client certificate signed by the CA. */
  CertFiles client(String name) throws Exception {
    return leaf(name, ca, false, Instant.now().minus(Duration.ofHours(1)), Instant.now().plus(Duration.ofDays(1)));
  }

  /** A client certificate signed by the CA that expired yesterday. */
  CertFiles expiredClient(String name) throws Exception {
    return leaf(name, ca, false, Instant.now().minus(Duration.ofDays(3)), Instant.now().minus(Duration.ofDays(1)));
  }

  /** A client certificate and key in one PKCS#12 file, password {@link #PASSWORD}. */
  Path clientPkcs12(String name) throws Exception {
    KeyPair keys = keyPair();
    X509Certificate cert = sign(name, keys, ca, false, Instant.now().minus(Duration.ofHours(1)),
        Instant.now().plus(Duration.ofDays(1)));
    KeyStore store = KeyStore.getInstance("PKCS12");
    store.load(null, null);
    store.setKeyEntry("client", keys.getPrivate(), PASSWORD.toCharArray(), new Certificate[] {cert, ca.certificate});
    Path file = dir.resolve(name + ".p12");
    try (OutputStream out = Files.newOutputStream(file)) {
      store.store(out, PASSWORD.toCharArray());
    }
    return file;
  }

  /** Replaces {@code target}'s files with {@code source}'s as a deployment tool would: written aside, then moved in. */
  static void replace(CertFiles target, CertFiles source) throws IOException {
    moveIn(source.cert(), target.cert());
    moveIn(source.key(), target.key());
  }

  private static void moveIn(Path source, Path target) throws IOException {
    Path aside = target.resolveSibling(target.getFileName() + ".new");
    Files.copy(source, aside, StandardCopyOption.REPLACE_EXISTING);
    Files.move(aside, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
  }

  private CertFiles leaf(String name, Issuer issuer, boolean server, Instant from, Instant to) throws Exception {
    KeyPair keys = keyPair();
    X509Certificate cert = sign(name, keys, issuer, server, from, to);
    Path certFile = dir.resolve(name + ".pem");
    Path keyFile = dir.resolve(name + "-key.pem");
    // The chain: the leaf, then its CA.
    writePem(certFile, cert, issuer.certificate);
    writeKey(keyFile, keys.getPrivate());
    return new CertFiles(certFile, keyFile);
  }

  private static Issuer issuer(String name) throws Exception {
    KeyPair keys = keyPair();
    X500Name subject = new X500Name("CN=" + name);
    X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(subject, serial(),
        Date.from(Instant.now().minus(Duration.ofDays(1))), Date.from(Instant.now().plus(Duration.ofDays(30))),
        subject, keys.getPublic());
    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(true));
    builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.keyCertSign | KeyUsage.cRLSign));
    return new Issuer(subject, keys, convert(builder, keys.getPrivate()));
  }

  private static X509Certificate sign(String name, KeyPair keys, Issuer issuer, boolean server, Instant from,
      Instant to) throws Exception {
    X509v3CertificateBuilder builder = new JcaX509v3CertificateBuilder(issuer.name, serial(), Date.from(from),
        Date.from(to), new X500Name("CN=" + name), keys.getPublic());
    builder.addExtension(Extension.basicConstraints, true, new BasicConstraints(false));
    builder.addExtension(Extension.keyUsage, true, new KeyUsage(KeyUsage.digitalSignature | KeyUsage.keyAgreement));
    if (server) {
      builder.addExtension(Extension.subjectAlternativeName, false, new GeneralNames(new GeneralName[] {
          new GeneralName(GeneralName.dNSName, "localhost"), new GeneralName(GeneralName.iPAddress, "127.0.0.1")}));
    }
    return convert(builder, issuer.keys.getPrivate());
  }

  private static X509Certificate convert(X509v3CertificateBuilder builder, PrivateKey signer)
      throws OperatorCreationException, GeneralSecurityException {
    return new JcaX509CertificateConverter().getCertificate(
        builder.build(new JcaContentSignerBuilder("SHA256withECDSA").build(signer)));
  }

  private static KeyPair keyPair() throws GeneralSecurityException {
    KeyPairGenerator generator = KeyPairGenerator.getInstance("EC");
    generator.initialize(new ECGenParameterSpec("secp256r1"));
    return generator.generateKeyPair();
  }

  private static BigInteger serial() {
    return BigInteger.valueOf(SERIALS.incrementAndGet());
  }

  private static void writePem(Path file, X509Certificate... certificates) throws Exception {
    StringBuilder pem = new StringBuilder();
    for (X509Certificate certificate : certificates) {
      pem.append(pem("CERTIFICATE", certificate.getEncoded()));
    }
    Files.writeString(file, pem, StandardCharsets.US_ASCII);
  }

  private static void writeKey(Path file, PrivateKey key) throws IOException {
    // PKCS#8, as the JDK encodes a private key.
    Files.writeString(file, pem("PRIVATE KEY", key.getEncoded()), StandardCharsets.US_ASCII);
  }

  private static String pem(String type, byte[] der) {
    return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
        .encodeToString(der) + "\n-----END " + type + "-----\n";
  }
}
