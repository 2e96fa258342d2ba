package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Call;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;

/** A provider application and consumer applications on loopback, calling across highway and REST. */
class ProviderConsumerTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static ConfigurableApplicationContext provider;

  @BeforeAll
  static void startProvider() {
    provider = Apps.run(runtimes, ProviderApp.class, "--axle.service.name=echo-service");
  }

  @AfterAll
  static void stopProvider() {
    provider.close();
  }

  @ParameterizedTest
  @ValueSource(strings = {"highway", "rest"})
  void rpcReference_callsSyncAndAsync_overTheConfiguredTransport(String transport) throws Exception {
    // Only the chosen transport's endpoint is registered, so a call that succeeds went over it.
    try (ConfigurableApplicationContext consumer = Apps.run(runtimes, ConsumerApp.class,
        "--axle.service.name=consumer",
        "--axle.references.transport=" + transport,
        "--axle.registry.local.echo-service=" + Apps.registryEntry(provider, transport))) {
      Caller caller = consumer.getBean(Caller.class);

      assertThat(caller.echo.echo("sync")).isEqualTo("sync");
      assertThat(caller.echo.echoAsync("async").get(10, TimeUnit.SECONDS)).isEqualTo("async");
      assertThat(caller.greeter.hello("Ann", "?")).isEqualTo("Hello Ann?");
      assertThat(caller.greeter.helloAsync("Bob").get(10, TimeUnit.SECONDS)).isEqualTo("Hello Bob (async)");
      assertThat(consumer.getBean(TransportRecorder.class).transports).containsExactly(transport);
    }
  }

  @Test
  void governanceKeys_areKnownToTheStarter_andApplyToItsReferences() {
    // The governance module comes with the starter: its keys are valid in the Environment, and a rate
    // limit of one call per second refuses most of five quick calls.
    try (ConfigurableApplicationContext consumer = Apps.run(runtimes, ConsumerApp.class,
        "--axle.service.name=consumer",
        "--axle.references.transport=highway",
        "--axle.registry.local.echo-service=" + Apps.registryEntry(provider, "highway"),
        "--axle.governance.breaker.enabled.echo-service=true",
        "--axle.governance.consumer.rate-limit.echo-service.EchoService.echo=1")) {
      Caller caller = consumer.getBean(Caller.class);
      assertThat(caller.greeter.hello("Ann", "?")).as("connected before the counted calls").isEqualTo("Hello Ann?");
      int refused = 0;
      for (int i = 0; i < 5; i++) {
        try {
          caller.echo.echo("x");
        } catch (io.axle.AxleException e) {
          assertThat(e.getMessage()).isEqualTo("EchoService.echo was not sent: its consumer rate limit of 1 calls "
              + "per second was reached (axle.governance.consumer.rate-limit.echo-service.EchoService.echo: 1)");
          refused++;
        }
      }
      assertThat(refused).isGreaterThanOrEqualTo(3);
      assertThat(caller.greeter.hello("Bob", "!")).as("another operation has no limit").isEqualTo("Hello Bob!");
    }
  }

  @Test
  void rpcReference_resolvesPlaceholdersInServiceNameAndSchemaId() throws Exception {
    try (ConfigurableApplicationContext consumer = Apps.run(runtimes, PlaceholderApp.class,
        "--axle.service.name=consumer",
        "--echo.target=echo-service",
        "--axle.registry.local.echo-service=" + Apps.registryEntry(provider, "highway"))) {
      PlaceholderCaller caller = consumer.getBean(PlaceholderCaller.class);

      assertThat(caller.echo.echo("configured")).isEqualTo("configured");
      // The schema id came from the placeholder's default.
      assertThat(caller.echo.toString()).contains("echo-service/EchoService");
    }
  }

  @Test
  void restSchema_isServedOnThePathsOfItsInterfaceAnnotations() throws Exception {
    HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
        "http://127.0.0.1:" + Apps.endpoint(provider, "rest").port() + "/greeter/hello/Cy?punctuation=.")).build(),
        HttpResponse.BodyHandlers.ofString());

    assertThat(response.statusCode()).isEqualTo(200);
    assertThat(response.body()).isEqualTo("\"Hello Cy.\"");
  }

  @Test
  void schemaBean_holdingAReference_servesAndCalls() throws Exception {
    try (ConfigurableApplicationContext relay = Apps.run(runtimes, ConsumerApp.class,
        "--axle.service.name=relay-service",
        "--axle.registry.local.echo-service=" + Apps.registryEntry(provider, "highway"))) {
      // Served by the relay application over REST, which calls the echo provider over highway.
      HttpResponse<String> response = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
              "http://127.0.0.1:" + Apps.endpoint(relay, "rest").port() + "/Relay/relay"))
              .header("content-type", "application/json")
              .POST(HttpRequest.BodyPublishers.ofString("{\"message\":\"hop\"}")).build(),
          HttpResponse.BodyHandlers.ofString());

      assertThat(response.statusCode()).isEqualTo(200);
      assertThat(response.body()).isEqualTo("\"relayed hop\"");
      // One proxy per (interface, service, schema), whichever bean it is injected into.
      assertThat(relay.getBean(RelayProvider.class).echo).isSameAs(relay.getBean(Caller.class).echo);
    }
  }

  @Test
  void reference_usedBeforeTheRuntimeStarts_saysWhenItBecomesUsable() {
    try (ConfigurableApplicationContext consumer = Apps.run(runtimes, ConsumerApp.class,
        "--axle.registry.local.echo-service=" + Apps.registryEntry(provider, "highway"))) {
      Throwable early = consumer.getBean(Caller.class).earlyFailure;

      assertThat(early).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("@RpcReference(microserviceName = echo-service, schemaId = EchoService)")
          .hasMessageContaining("Caller.echo")
          .hasMessageContaining("not usable yet, the Axle runtime has not started yet")
          .hasMessageContaining("ApplicationRunner");
      // Object methods work on an unbound proxy, since Spring and debuggers call them.
      assertThat(consumer.getBean(Caller.class).earlyToString).contains("not bound");
    }
  }

  @Test
  void reference_afterTheContextCloses_failsSayingTheRuntimeIsStopped() {
    ConfigurableApplicationContext consumer = Apps.run(runtimes, ConsumerApp.class,
        "--axle.registry.local.echo-service=" + Apps.registryEntry(provider, "highway"));
    EchoService echo = consumer.getBean(Caller.class).echo;
    assertThat(echo.echo("before")).isEqualTo("before");

    consumer.close();

    assertThat(org.assertj.core.api.Assertions.catchThrowable(() -> echo.echo("after")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("the Axle runtime of this application context is stopped");
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import({EchoProvider.class, GreeterProvider.class})
  static class ProviderApp {
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import({Caller.class, RelayProvider.class, TransportRecorder.class})
  static class ConsumerApp {
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(PlaceholderCaller.class)
  static class PlaceholderApp {
  }

  /** The service to call is configuration: {@code echo.target}; the schema id a placeholder with a default. */
  public static class PlaceholderCaller {
    @RpcReference(microserviceName = "${echo.target}", schemaId = "${echo.schema:EchoService}")
    EchoService echo;
  }

  /** A field and a setter injection point; tries a call while beans are still being created. */
  public static class Caller implements InitializingBean {
    @RpcReference(microserviceName = "echo-service")
    EchoService echo;
    Greeter greeter;
    volatile Throwable earlyFailure;
    volatile String earlyToString;

    @RpcReference(microserviceName = "echo-service", schemaId = "Greeter")
    public void setGreeter(Greeter greeter) {
      this.greeter = greeter;
    }

    @Override
    public void afterPropertiesSet() {
      earlyToString = echo.toString();
      try {
        echo.echo("too early");
      } catch (IllegalStateException e) {
        earlyFailure = e;
      }
    }
  }

  public interface Relay {
    String relay(String message);
  }

  /** A schema bean that itself calls another service. */
  @RpcSchema(schemaId = "Relay")
  public static class RelayProvider implements Relay {
    @RpcReference(microserviceName = "echo-service", schemaId = "EchoService")
    EchoService echo;

    @Override
    public String relay(String message) {
      return "relayed " + echo.echo(message);
    }
  }

  /** The transports consumer calls went over. */
  public static class TransportRecorder implements InvocationListener {
    final Set<String> transports = ConcurrentHashMap.newKeySet();

    @Override
    public void onEnd(Call invocation, Response response) {
      if (invocation.role() == Role.CONSUMER) {
        transports.add(invocation.transport());
      }
    }
  }
}
