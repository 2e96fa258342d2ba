package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.testing.AxleExtension;
import io.axle.testing.LogCapture;
import io.vertx.core.json.JsonObject;
import java.net.http.HttpResponse;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;

/**
 * An application that asked for nothing: its metrics windows close every second as always, but none is
 * logged, and the port that serves RPC traffic serves no Prometheus text.
 */
class QuietDefaultsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void windowsAreKept_butNeitherLoggedNorScrapedOnTheRpcPort() throws Exception {
    LogCapture log = new LogCapture();
    log.install();
    try (ConfigurableApplicationContext context = Apps.run(runtimes, App.class)) {
      int rest = Apps.endpoint(context, "rest").port();
      HttpResponse<String> call = LoopbackHttp.postJson(rest, "/EchoService/echo", "{\"message\":\"counted\"}");
      assertThat(call.body()).isEqualTo("\"counted\"");

      // A window that holds the call has closed: the windows run.
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
      long counted = 0;
      while (counted == 0 && System.nanoTime() < deadline) {
        Thread.sleep(100);
        HttpResponse<String> window = LoopbackHttp.get(rest, "/metrics/window");
        if (window.statusCode() == 200 && !window.body().isBlank() && !window.body().equals("null")) {
          counted = new JsonObject(window.body()).getLong("count", 0L);
        }
      }
      assertThat(counted).as("calls in the last closed window").isPositive();
      assertThat(log.text()).as("window lines logged").doesNotContain("INFO io.axle.metrics ");
      assertThat(LoopbackHttp.get(rest, "/metrics").statusCode()).as("GET /metrics on the RPC port").isEqualTo(404);
    } finally {
      log.uninstall();
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(EchoProvider.class)
  static class App {
  }
}
