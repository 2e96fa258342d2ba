package io.axle.rest.server;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoServiceImpl;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import tools.jackson.databind.JsonNode;

/** Every kind of Spring MVC mapping, called by the JDK's HttpClient, answers with the right JSON. */
class RestServerMappingTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static final UserApiImpl USERS = new UserApiImpl();
  private static Axle provider;
  private static Http http;

  @BeforeAll
  static void start() {
    provider = runtimes.start(Providers.both(USERS, new EchoServiceImpl(), Map.of()));
    http = new Http(provider);
  }

  @AfterAll
  static void stop() {
    http.close();
    provider.close();
  }

  @Test
  void pathVariable_isBoundAndThePojoComesBackAsJson() throws Exception {
    JsonNode user = Http.ok(http.get("/users/5"));
    assertThat(user.get("name").asString()).isEqualTo("user5");
    assertThat(user.get("id").asLong()).isEqualTo(5);
    assertThat(user.get("tags").toString()).isEqualTo("[\"t5\"]");
    assertThat(user.get("counts").toString()).isEqualTo("{\"logins\":5}");
  }

  @Test
  void literalPath_winsOverAPathVariable_andHeadersAreBound() throws Exception {
    assertThat(Http.ok(http.send(http.request("GET", "/users/me", null).header("X-User", "ann")
        .header("X-Tenant", "acme"))).asString()).isEqualTo("ann@acme");
    assertThat(Http.ok(http.send(http.request("GET", "/users/me", null).header("X-User", "bob"))).asString())
        .as("an absent optional header is null").isEqualTo("bob@null");
  }

  @Test
  void queryParameters_requiredDefaultedOptionalRepeatedAndEnum() throws Exception {
    assertThat(Http.ok(http.get("/users/search?q=" + URLEncoder.encode("a b&c", StandardCharsets.UTF_8)))
        .asString()).isEqualTo("a b&c|10|<none>|null|null");
    assertThat(Http.ok(http.get("/users/search?q=x&limit=3&sort=name&tag=red&tag=blue&role=ADMIN")).asString())
        .isEqualTo("x|3|name|[red, blue]|ADMIN");
  }

  @Test
  void postedBody_withListAndMapFields_isRead() throws Exception {
    JsonNode created = Http.ok(http.post("/users",
        "{\"name\":\"ann\",\"tags\":[\"a\",\"b\"],\"counts\":{\"x\":1},\"child\":{\"name\":\"kid\",\"id\":2},\"extra\":true}"));
    assertThat(created.get("id").asLong()).isEqualTo(42);
    assertThat(created.get("name").asString()).isEqualTo("ann");
    assertThat(created.get("tags").toString()).isEqualTo("[\"a\",\"b\"]");
    assertThat(created.get("counts").toString()).isEqualTo("{\"x\":1}");
    assertThat(created.get("child").get("name").asString()).isEqualTo("kid");
  }

  @Test
  void putWithADashedPathVariable_andDelete() throws Exception {
    JsonNode renamed = Http.ok(http.send(http.request("PUT", "/users/9?name=zed", null)));
    assertThat(renamed.get("id").asLong()).isEqualTo(9);
    assertThat(renamed.get("name").asString()).isEqualTo("zed");
    assertThat(Http.ok(http.send(http.request("DELETE", "/users/7", null))).asBoolean()).isTrue();
    assertThat(Http.ok(http.send(http.request("DELETE", "/users/8", null))).asBoolean()).isFalse();
  }

  @Test
  void byteArrayBody_travelsAsBase64() throws Exception {
    // [5, 1, 2] in base64
    assertThat(Http.ok(http.post("/users/1/avatar", "\"BQEC\"")).asInt()).isEqualTo(3005);
  }

  @Test
  void asyncMapAndPrimitiveResults() throws Exception {
    assertThat(Http.ok(http.get("/users/4/async")).get("name").asString()).isEqualTo("user4");
    JsonNode stats = Http.ok(http.get("/users/stats"));
    assertThat(stats.get("a").asInt()).isEqualTo(1);
    assertThat(stats.get("b").asInt()).isEqualTo(2);
    assertThat(stats.size()).isEqualTo(2);
    assertThat(http.get("/users/count").body()).isEqualTo("3");
  }

  @Test
  void voidOperation_answers204WithoutABody() throws Exception {
    int before = USERS.resets.get();
    var response = http.send(http.request("POST", "/users/reset", null));
    assertThat(response.statusCode()).isEqualTo(204);
    assertThat(response.body()).isEmpty();
    assertThat(response.headers().firstValue("content-type")).isEmpty();
    assertThat(USERS.resets.get()).isEqualTo(before + 1);
  }

  @Test
  void openApiDocument_isServedAsJson() throws Exception {
    JsonNode doc = Http.ok(http.get("/openapi.json"));
    assertThat(doc.get("openapi").asString()).startsWith("3.");
    assertThat(doc.get("info").get("title").asString()).isEqualTo("rest-server-test");
  }
}
