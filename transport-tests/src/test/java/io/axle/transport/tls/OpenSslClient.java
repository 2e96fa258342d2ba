package io.axle.transport.tls;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * OpenSSL's {@code s_client}, a TLS client nobody here wrote, as testssl.sh drives it: connects, and at a
 * line {@code R} asks the server for a renegotiation. Required where {@code CI=true} (.ci/run installs it).
 */
final class OpenSslClient implements AutoCloseable {
  private final Process process;
  private final ByteArrayOutputStream output = new ByteArrayOutputStream();
  private final Thread reader;

  private OpenSslClient(Process process) {
    this.process = process;
    this.reader = Thread.ofPlatform().daemon().start(() -> {
      byte[] chunk = new byte[4096];
      try (InputStream in = process.getInputStream()) {
        for (int n; (n = in.read(chunk)) >= 0; ) {
          synchronized (output) {
            output.write(chunk, 0, n);
          }
        }
      } catch (IOException e) {
        // The process ended.
      }
    });
  }

  /** {@code openssl s_client -connect 127.0.0.1:<port> -tls1_2 -CAfile <trust>}, its handshake done. */
  static OpenSslClient tls12(int port, Path trust) throws Exception {
    Path openssl = find();
    Process process = new ProcessBuilder(openssl.toString(), "s_client", "-connect", "127.0.0.1:" + port, "-tls1_2",
        "-CAfile", trust.toString()).redirectErrorStream(true).start();
    OpenSslClient client = new OpenSslClient(process);
    client.await("Verify return code", 10);
    return client;
  }

  /** Sends {@code R}: the client asks for a renegotiation. */
  void renegotiate() throws IOException {
    OutputStream in = process.getOutputStream();
    in.write("R\n".getBytes(StandardCharsets.US_ASCII));
    in.flush();
  }

  /** Whether the process ended (the server closed the connection) within {@code seconds}. */
  boolean endsWithin(int seconds) throws InterruptedException {
    boolean ended = process.waitFor(seconds, TimeUnit.SECONDS);
    reader.join(1000);
    return ended;
  }

  String output() {
    synchronized (output) {
      return output.toString(StandardCharsets.UTF_8);
    }
  }

  private void await(String text, int seconds) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(seconds);
    while (!output().contains(text)) {
      if (System.nanoTime() > deadline || !process.isAlive()) {
        fail("openssl s_client did not print '" + text + "': " + output());
      }
      Thread.sleep(20);
    }
  }

  @Override
  public void close() {
    process.destroyForcibly();
  }

  private static Path find() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      Path candidate = Path.of(dir, "openssl");
      if (Files.isExecutable(candidate)) {
        return candidate;
      }
    }
    String message = "openssl: not found on PATH (expected: Debian's openssl, `apt-get install -y openssl`; "
        + ".ci/run installs it)";
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      fail(message + " — CI=true, so the renegotiation check must run, not be skipped");
    }
    Assumptions.abort(message);
    throw new AssertionError("unreachable");
  }
}
