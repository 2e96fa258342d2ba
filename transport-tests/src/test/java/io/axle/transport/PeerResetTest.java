package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Status;
import io.axle.registry.Endpoint;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.LogCapture;
import io.axle.testing.Runtimes;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A provider killed mid-call (SIGKILL: the kernel resets its connections) as its consumer sees it: a
 * server on loopback that takes the request and answers with a TCP reset. The call fails with the words
 * docs/registry.md gives on either transport, and the log says what happened once per connection, in
 * words: no transport's exception text, no ERROR line with a stack trace.
 */
@Timeout(30)
class PeerResetTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aConnectionResetMidCall_failsTheCall_inTheDocumentedWords_andLogsOneLine(String transport) throws Exception {
    LogCapture log = new LogCapture();
    try (ServerSocket killed = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      Thread server = Thread.ofPlatform().daemon().start(() -> resetAfterTheRequest(killed));
      log.install();
      try (Axle consumer = runtimes.consumer(new Endpoint(transport, "127.0.0.1",
          killed.getLocalPort()), transport, Map.of("axle.request.timeout", "10s"))) {
        EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

        AxleException failure = catchThrowableOfType(AxleException.class, () -> echo.echo("x"));

        assertThat(failure.status()).isEqualTo(Status.CONNECTION_FAILED);
        assertThat(failure.getMessage()).isEqualTo(Runtimes.SCHEMA + ".echo failed on " + transport
            + "://127.0.0.1:" + killed.getLocalPort() + ": the connection closed before the response arrived");
        server.join(TimeUnit.SECONDS.toMillis(5));
      } finally {
        log.uninstall();
      }
    }
    String text = log.text();
    assertThat(text.lines().filter(line -> line.contains(transport + ": the connection to ")
        && line.contains("was lost (reset by the peer)"))).as("one line for the connection, in:%n%s", text).hasSize(1);
    assertThat(text).doesNotContain("NativeIoException").doesNotContain("recvAddress").doesNotContain("ERROR")
        .doesNotContain("\tat ");
  }

  /** Reads the start of one request, then closes with SO_LINGER 0: a reset, as when a process is killed. */
  private static void resetAfterTheRequest(ServerSocket killed) {
    try (Socket connection = killed.accept()) {
      InputStream in = connection.getInputStream();
      in.read(new byte[16]);
      Thread.sleep(100); // the whole request is written, the call waits for its answer
      connection.setSoLinger(true, 0);
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }
}
