package io.axle.spring;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** The JDK's HTTP client against a port on loopback: a web server's, or Axle's REST port. */
final class LoopbackHttp {
  private static final HttpClient CLIENT = HttpClient.newHttpClient();

  private LoopbackHttp() {
  }

  static HttpResponse<String> get(int port, String path) throws Exception {
    return CLIENT.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path)).build(),
        HttpResponse.BodyHandlers.ofString());
  }

  static HttpResponse<String> postJson(int port, String path, String json) throws Exception {
    return CLIENT.send(request(port, path, json), HttpResponse.BodyHandlers.ofString());
  }

  /** A JSON POST, for {@link HttpClient#sendAsync}. */
  static HttpRequest request(int port, String path, String json) {
    return HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + path))
        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofString(json)).build();
  }

  static HttpClient client() {
    return CLIENT;
  }
}
