package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Status;
import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.testing.AxleExtension;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;

/** A schema bean may choose its transports; {@code axle.schemas.<schemaId>.transports} overrides the choice. */
class SchemaTransportsTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  /** A REST-first bean served over REST only. */
  @RestSchema(schemaId = "RestOnlyGreeter", transports = "rest")
  public static class RestOnlyGreeter implements Greeter {
    @Override
    public String hello(String name, String punctuation) {
      return "Hi " + name + punctuation;
    }

    @Override
    public CompletableFuture<String> helloAsync(String name) {
      return CompletableFuture.completedFuture("Hi " + name);
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import({RestOnlyGreeter.class, EchoProvider.class})
  static class App {
  }

  private static Greeter greeter(ConfigurableApplicationContext provider, Axle[] holder, String transport) {
    int port = Apps.endpoint(provider, transport).port();
    holder[0] = runtimes.start(Axle.builder().config(AxleConfig.builder()
        .put("axle.service.name", "caller")
        .put("axle.registry.local.greeter", transport + "://127.0.0.1:" + port)
        .put("axle.references.transport", transport)
        .build()));
    return holder[0].reference(Greeter.class, "greeter", "RestOnlyGreeter");
  }

  @Test
  void restOnlySchema_isServedOverRest_andNotOverHighway() {
    try (ConfigurableApplicationContext provider = Apps.run(runtimes, App.class, "--axle.service.name=greeter")) {
      Axle[] rest = new Axle[1];
      Axle[] highway = new Axle[1];
      try {
        assertThat(greeter(provider, rest, "rest").hello("Ann", "!")).isEqualTo("Hi Ann!");

        Throwable overHighway = catchThrowable(() -> greeter(provider, highway, "highway").hello("Ann", "!"));
        assertThat(overHighway).isInstanceOf(AxleException.class)
            .hasMessageStartingWith("no operation RestOnlyGreeter.hello on this provider");
        assertThat(((AxleException) overHighway).status()).isEqualTo(Status.NOT_FOUND);
      } finally {
        for (Axle axle : List.of(rest, highway).stream().map(a -> a[0]).toList()) {
          if (axle != null) {
            axle.stop();
          }
        }
      }
    }
  }

  @Test
  void configuredTransports_overrideTheAnnotation() {
    try (ConfigurableApplicationContext provider = Apps.run(runtimes, App.class, "--axle.service.name=greeter",
        "--axle.schemas.RestOnlyGreeter.transports=highway")) {
      Axle[] highway = new Axle[1];
      try {
        // Over highway the path annotations play no part: the operation is found by name.
        assertThat(greeter(provider, highway, "highway").hello("Bo", "?")).isEqualTo("Hi Bo?");
      } finally {
        if (highway[0] != null) {
          highway[0].stop();
        }
      }
    }
  }

  @Test
  void unknownTransport_stopsTheStartNamingTheKeyAndTheTransportsThereAre() {
    Throwable failure = catchThrowable(() -> Apps.run(App.class, "--axle.schemas.RestOnlyGreeter.transports=http"));

    assertThat(failure).hasRootCauseInstanceOf(ConfigException.class);
    assertThat(rootMessage(failure)).contains(
        "axle.schemas.RestOnlyGreeter.transports: http (expected: a transport on the class path: highway, rest)");
  }

  @Test
  void misspelledSchemasKey_stopsTheStart() {
    Throwable failure = catchThrowable(() -> Apps.run(App.class, "--axle.schemas.RestOnlyGreeter.transport=rest"));

    assertThat(rootMessage(failure)).contains(
        "axle.schemas.RestOnlyGreeter.transport: unknown key (expected: axle.schemas.<schemaId>.transports)");
  }

  private static String rootMessage(Throwable failure) {
    Throwable root = failure;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return root.getMessage();
  }

}
