package io.axle.rest.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import io.axle.transport.HttpEndpoint;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Documents registered with Axle.builder().httpEndpoint(...) are served by the REST transport. */
class HttpEndpointTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static HttpEndpoint endpoint(String path, AtomicInteger renders) {
    return new HttpEndpoint() {
      @Override
      public String path() {
        return path;
      }

      @Override
      public String contentType() {
        return "text/plain; charset=utf-8";
      }

      @Override
      public byte[] render() {
        return ("rendered " + renders.incrementAndGet()).getBytes(StandardCharsets.UTF_8);
      }
    };
  }

  @Test
  void aRegisteredEndpoint_isRenderedForEachGet() throws Exception {
    AtomicInteger renders = new AtomicInteger();
    try (Axle provider = runtimes.start(Axle.builder()
        .config(Runtimes.config(Map.of("axle.rest.address", "127.0.0.1:0", "axle.rest.server.thread-count", 1,
            "axle.rest.client.thread-count", 1)))
        .httpEndpoint(endpoint("/status", renders))
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl()))) {
      URI uri = URI.create("http://127.0.0.1:" + provider.endpoint("rest").orElseThrow().port() + "/status");
      HttpClient client = HttpClient.newHttpClient();
      HttpResponse<String> first = client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
      HttpResponse<String> second = client.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(first.statusCode()).isEqualTo(200);
      assertThat(first.headers().firstValue("content-type")).hasValue("text/plain; charset=utf-8");
      assertThat(first.body()).isEqualTo("rendered 1");
      assertThat(second.body()).isEqualTo("rendered 2");
      HttpResponse<String> post = client.send(HttpRequest.newBuilder(uri).POST(HttpRequest.BodyPublishers.noBody()).build(),
          HttpResponse.BodyHandlers.ofString());
      assertThat(post.statusCode()).isEqualTo(405);
      assertThat(post.headers().firstValue("allow")).hasValue("GET");
    }
  }

  @Test
  void anEndpointOnTheOpenApiPath_failsStartUp() {
    assertThatThrownBy(() -> Axle.builder()
        .config(Runtimes.config(Map.of("axle.rest.address", "127.0.0.1:0")))
        .httpEndpoint(endpoint("/openapi.json", new AtomicInteger()))
        .provider(Runtimes.SCHEMA, EchoService.class, new EchoServiceImpl())
        .start())
        .hasMessageContaining("HTTP endpoint /openapi.json is registered twice, or takes /openapi.json");
  }
}
