package io.axle.rest.server;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.testing.Runtimes;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;

/** Mapping mistakes that only show across schemas, or in values, stop the provider at start-up. */
class RestServerStartupTest {

  public interface OtherUsers {
    @GetMapping("/users/{key}")
    String find(@PathVariable("key") String key);
  }

  public interface OpenApiThief {
    @GetMapping("/openapi.json")
    String steal();
  }

  public interface BadDefault {
    @GetMapping("/page")
    String page(@RequestParam(value = "n", defaultValue = "first") int n);
  }

  @Test
  void twoSchemasOnOneRoute_failStartUp() {
    assertThatThrownBy(() -> Axle.builder().config(Runtimes.config(Providers.config(Map.of())))
        .provider("UserApi", UserApi.class, new UserApiImpl())
        .provider("OtherUsers", OtherUsers.class, key -> key)
        .start())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("UserApi.get and OtherUsers.find both map to GET /users/{key}"
            + " (expected: one operation per method and path; change one mapping)");
  }

  @Test
  void theOpenApiPath_isTaken() {
    assertThatThrownBy(() -> Axle.builder().config(Runtimes.config(Providers.config(Map.of())))
        .provider("OpenApiThief", OpenApiThief.class, () -> "mine")
        .start())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("OpenApiThief.steal: maps to GET /openapi.json, where the REST transport serves the OpenAPI"
            + " document (expected: another path)");
  }

  @Test
  void aDefaultValueThatDoesNotConvert_failsStartUp() {
    assertThatThrownBy(() -> Axle.builder().config(Runtimes.config(Providers.config(Map.of())))
        .provider("BadDefault", BadDefault.class, n -> "page " + n)
        .start())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("BadDefault.page: defaultValue \"first\" of query parameter n does not convert"
            + " (expected: an int)");
  }
}
