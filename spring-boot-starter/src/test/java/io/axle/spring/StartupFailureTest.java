package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.LogCapture;
import java.io.Serializable;
import org.junit.jupiter.api.Test;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;

/** Mistakes stop the application at start-up, with a message naming the problem, the value and the fix. */
class StartupFailureTest {

  /** Nothing listens there; the registry only has to know the service. */
  private static final String REGISTRY = "--axle.registry.local.echo-service=highway://127.0.0.1:1";

  @Test
  void referenceToAnUnknownService_failsNamingItAndTheKnownServices() {
    String message = startupFailure(UnknownServiceApp.class, REGISTRY);

    assertThat(message)
        .contains("@RpcReference on UnknownServiceCaller.echo: reference to service nope-service: not in the local registry")
        .contains("known services: [echo-service]")
        .contains("axle.registry.local.nope-service");
  }

  @Test
  void referenceWithAnUnresolvablePlaceholder_failsNamingTheAttributeAndThePlaceholder() {
    String message = startupFailure(PlaceholderApp.class, REGISTRY);

    assertThat(message)
        .contains("@RpcReference on PlaceholderCaller.echo: microserviceName: ${echo.target} (expected: ")
        .contains("echo.target");
  }

  @Test
  void referenceToAnUnknownSchema_failsListingTheRegisteredSchemas() {
    String message = startupFailure(UnknownSchemaApp.class, REGISTRY,
        "--axle.registry.schemas.echo-service=EchoService,Greeter");

    assertThat(message)
        .contains("@RpcReference on UnknownSchemaCaller.echo: reference to echo-service/EchoServiceV2: ")
        .contains("one of [EchoService, Greeter]")
        .contains("axle.registry.schemas.echo-service");
  }

  @Test
  void twoSchemaBeansWithOneSchemaId_failNamingBothBeans() {
    String message = startupFailure(DuplicateSchemaApp.class);

    assertThat(message).contains("schemaId EchoService: served by two beans, 'firstEcho' ("
        + EchoProvider.class.getName() + ") and 'secondEcho' (" + OtherEcho.class.getName()
        + ") (expected: one schema bean per schemaId; change the schemaId of one)");
  }

  @Test
  void schemaBeanWithSeveralInterfaces_andNoSchemaInterface_failsNamingThem() {
    String message = startupFailure(AmbiguousSchemaApp.class);

    assertThat(message).contains("@RestSchema(schemaId = Ambiguous) on bean")
        .contains(AmbiguousEcho.class.getName())
        .contains("schemaInterface: not set, and the bean implements [")
        .contains(EchoService.class.getName()).contains(Greeter.class.getName())
        .contains("expected: a bean implementing exactly one interface, or schemaInterface = the one to serve");
  }

  @Test
  void aBadValueAndAnUnknownExecutor_areReportedInOneStart() {
    String message = startupFailure(EmptyApp.class, "--axle.request.timeout=soon", "--axle.executors.default=grup");

    assertThat(message)
        .contains("axle.request.timeout: soon (expected: a duration")
        .contains("axle.executors.default: grup (expected: one of inline, group, virtual, or the name of a "
            + "registered executor; registered: none) — from commandLineArgs");
  }

  @Test
  void aStartupFailure_isPrintedOnce_asBootsDescriptionAndAction() {
    LogCapture log = new LogCapture();
    log.install();
    try {
      assertThat(catchThrowable(() -> Apps.run(EmptyApp.class, "--axle.servce.name=typo").close())).isNotNull();
    } finally {
      log.uninstall();
    }
    String printed = log.text();
    assertThat(printed).contains("APPLICATION FAILED TO START").contains("Description:")
        .contains("axle.servce.name: unknown key (expected: a known key; did you mean axle.service.name?) — from "
            + "commandLineArgs")
        .contains("Action:").contains("Expected: a known key; did you mean axle.service.name? docs/configuration.md");
    // In the report once, and once more in Spring Framework's own one-line warning that the refresh was
    // cancelled; not once per exception of the chain that carried it, and no stack trace.
    String report = printed.substring(printed.indexOf("APPLICATION FAILED TO START"));
    assertThat(report.split("axle.servce.name: unknown key", -1)).as("times the report prints the message").hasSize(2);
    assertThat(printed.split("axle.servce.name: unknown key", -1)).as("times the message is printed").hasSize(3);
    assertThat(printed).doesNotContain("Caused by").doesNotContain("\tat ");
  }

  @Test
  void unknownAxleKey_failsWithTheNearestKnownKey() {
    String message = startupFailure(EmptyApp.class, "--axle.servce.name=typo");

    assertThat(message).contains("axle.servce.name: unknown key (expected: a known key; did you mean "
        + "axle.service.name?) — from commandLineArgs");
  }

  @Test
  void badValue_namesThePropertySourceItCameFrom() {
    String message = startupFailure(EmptyApp.class, "--spring.config.name=bad-value");

    assertThat(message).contains("axle.request.timeout: soon (expected: ")
        .contains("— from Config resource 'class path resource [bad-value.yml]'")
        .contains("bad-value.yml] - 3:14");
  }

  /** The messages of the failure and its causes, one per line: what Spring Boot prints as "Caused by". */
  private static String startupFailure(Class<?> app, String... args) {
    Throwable failure = catchThrowable(() -> Apps.run(app, args).close());
    assertThat(failure).as("start-up of " + app.getSimpleName()).isNotNull();
    return Apps.messages(failure);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class EmptyApp {
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(UnknownServiceCaller.class)
  static class UnknownServiceApp {
  }

  public static class UnknownServiceCaller {
    @RpcReference(microserviceName = "nope-service")
    EchoService echo;
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(PlaceholderCaller.class)
  static class PlaceholderApp {
  }

  public static class PlaceholderCaller {
    @RpcReference(microserviceName = "${echo.target}")
    EchoService echo;
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(UnknownSchemaCaller.class)
  static class UnknownSchemaApp {
  }

  public static class UnknownSchemaCaller {
    @RpcReference(microserviceName = "echo-service", schemaId = "EchoServiceV2")
    EchoService echo;
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class DuplicateSchemaApp {
    @Bean
    EchoProvider firstEcho() {
      return new EchoProvider();
    }

    @Bean
    OtherEcho secondEcho() {
      return new OtherEcho();
    }
  }

  @RpcSchema(schemaId = "EchoService")
  public static class OtherEcho extends EchoServiceImpl {
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import(AmbiguousEcho.class)
  static class AmbiguousSchemaApp {
  }

  /** Two schema interfaces; Serializable, a JDK interface, does not count. */
  @RestSchema(schemaId = "Ambiguous")
  public static class AmbiguousEcho extends EchoServiceImpl implements Greeter, Serializable {
    private static final long serialVersionUID = 1L;

    @Override
    public String hello(String name, String punctuation) {
      return name;
    }

    @Override
    public java.util.concurrent.CompletableFuture<String> helloAsync(String name) {
      return java.util.concurrent.CompletableFuture.completedFuture(name);
    }
  }
}
