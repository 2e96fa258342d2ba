package io.axle.rest.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Calls a REST provider with the JDK's own HttpClient, a client nobody here wrote, so the tests
 * check the server against HTTP as an outside client speaks it.
 */
final class Http implements AutoCloseable {
  static final Duration TIMEOUT = Duration.ofSeconds(20);
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private final HttpClient client;
  private final String base;

  Http(Axle provider) {
    this(provider, HttpClient.Version.HTTP_1_1);
  }

  Http(Axle provider, HttpClient.Version version) {
    this.client = HttpClient.newBuilder().version(version).connectTimeout(TIMEOUT).build();
    this.base = "http://127.0.0.1:" + provider.endpoint("rest").orElseThrow().port();
  }

  /** A request to the provider; {@code json} non-null sends it as an application/json body. */
  HttpRequest.Builder request(String method, String path, String json) {
    HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(base + path)).timeout(TIMEOUT);
    if (json == null) {
      return builder.method(method, HttpRequest.BodyPublishers.noBody());
    }
    return builder.header("content-type", "application/json").method(method, HttpRequest.BodyPublishers.ofString(json));
  }

  HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
    return client.send(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  CompletableFuture<HttpResponse<String>> sendAsync(HttpRequest.Builder request) {
    return client.sendAsync(request.build(), HttpResponse.BodyHandlers.ofString());
  }

  HttpResponse<String> get(String path) throws Exception {
    return send(request("GET", path, null));
  }

  HttpResponse<String> post(String path, String json) throws Exception {
    return send(request("POST", path, json));
  }

  static JsonNode json(HttpResponse<String> response) {
    return JSON.readTree(response.body());
  }

  /** Asserts a 200 JSON answer and returns its body as a tree. */
  static JsonNode ok(HttpResponse<String> response) {
    assertThat(response.statusCode()).as("HTTP status of %s, body %s", response.request().uri(), response.body())
        .isEqualTo(200);
    assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
    return json(response);
  }

  /** Asserts an error answer: the HTTP code, JSON, and the body's status, error and message fields. */
  static void error(HttpResponse<String> response, int httpCode, String error, String message) {
    errorIgnoring(response, null, httpCode, error, message);
  }

  /** As {@link #error}, with one more field, {@code extra}, allowed beside the three. */
  static void errorIgnoring(HttpResponse<String> response, String extra, int httpCode, String error, String message) {
    assertThat(response.statusCode()).as("HTTP status, body %s", response.body()).isEqualTo(httpCode);
    assertThat(response.headers().firstValue("content-type")).hasValue("application/json");
    JsonNode body = json(response);
    assertThat(body.get("status").asInt()).isEqualTo(httpCode);
    assertThat(body.get("error").asString()).isEqualTo(error);
    assertThat(body.get("message").asString()).isEqualTo(message);
    assertThat(body.size()).as("fields of %s", body).isEqualTo(extra != null && body.has(extra) ? 4 : 3);
  }

  @Override
  public void close() {
    client.close();
  }
}
