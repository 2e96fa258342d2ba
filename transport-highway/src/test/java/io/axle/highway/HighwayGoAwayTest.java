package io.axle.highway;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoServiceImpl;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A request the client wrote before it read the server's GOAWAY is still answered: the server
 * leaves the connection open for what is on its way, and the client closes it. Spoken with raw
 * frames, so the order (GOAWAY read, then a request written) is certain.
 */
@Timeout(30)
class HighwayGoAwayTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void aRequestThatCrossesTheGoAway_isAnswered_andTheClientClosesTheConnection() throws Exception {
    Axle provider = runtimes.provider("highway", new EchoServiceImpl(), Map.of("axle.shutdown.timeout", "10s"));
    int port = provider.endpoint("highway").orElseThrow().port();
    try (Socket socket = new Socket()) {
      socket.setSoTimeout(10_000);
      socket.connect(new InetSocketAddress("127.0.0.1", port), 5_000);
      OutputStream out = socket.getOutputStream();
      InputStream in = socket.getInputStream();
      out.write(RawFrames.echoRequest(1, "before"));
      assertThat(RawFrames.read(in).stringResult()).isEqualTo("before");

      CompletableFuture<Void> stopping = CompletableFuture.runAsync(() -> provider.stop(Duration.ofSeconds(10)));
      RawFrames.Received goAway = RawFrames.read(in);
      assertThat(goAway.type()).isEqualTo(RawFrames.GOAWAY);

      // Written after the GOAWAY was read: as a request already on the wire when it was sent would be.
      out.write(RawFrames.echoRequest(2, "crossing"));
      RawFrames.Received answer = RawFrames.read(in);
      assertThat(answer.requestId()).isEqualTo(2);
      assertThat(answer.stringResult()).isEqualTo("crossing");

      assertThat(stopping).isNotDone();
      socket.close(); // the client's part: no call left on the connection
      stopping.get();
    }
  }
}
