package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.testing.AxleExtension;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.slf4j.MDC;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

/**
 * Log lines written by a provider's method carry the call's trace: with Logback (Boot's default logging)
 * and Boot's OpenTelemetry tracing, the trace and span ids are in the logging context (MDC) of the thread
 * that runs the method, over each transport and executor, and Boot's own console pattern prints them.
 *
 * <p>Runs in the module's {@code logback} test execution, which puts Logback in place of the slf4j-simple
 * the other tests log through (slf4j-simple's MDC keeps nothing); skipped, with that reason, anywhere else.
 */
@Tag("slow")
class TracingLogsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  /** A new one per case: closing an application shuts its exporter down, and a shut one keeps nothing. */
  static volatile InMemorySpanExporter spans;
  /** The logging context of the thread that ran the backend's method, by the message it was called with. */
  static final Map<String, Map<String, String>> BACKEND_MDC = new ConcurrentHashMap<>();

  /** What Logback's console appender writes, on System.out; the test is skipped without Logback. */
  @RegisterExtension
  final LogbackConsole console = new LogbackConsole();

  @ParameterizedTest(name = "{0}, {1}")
  @CsvSource({"highway, group", "rest, group", "highway, virtual", "rest, inline"})
  void theProvidersLogLine_carriesTheCallsTraceAndSpan(String transport, String executor) throws Exception {
    spans = InMemorySpanExporter.create();
    String message = "logged-" + transport + "-" + executor;
    try (ConfigurableApplicationContext backend = app(BackendApp.class, WebApplicationType.NONE,
            "--axle.service.name=backend", "--axle.executors.default=" + executor);
        ConfigurableApplicationContext edge = app(EdgeApp.class, WebApplicationType.SERVLET, "--axle.service.name=edge",
            "--server.port=0", "--axle.registry.local.backend=" + Apps.registryEntry(backend, transport),
            "--axle.references.transport=" + transport)) {
      int web = Integer.parseInt(edge.getEnvironment().getProperty("local.server.port"));
      HttpResponse<String> answer = LoopbackHttp.get(web, "/hello?name=" + message);
      assertThat(answer.body()).isEqualTo(message);
      backend.getBean(SdkTracerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);

      SpanData server = spans.getFinishedSpanItems().stream()
          .filter(s -> s.getKind() == SpanKind.SERVER && s.getName().equals("EchoService/echo")).findFirst()
          .orElseThrow(() -> new AssertionError("no provider span in " + spans.getFinishedSpanItems()));
      assertThat(BACKEND_MDC.get(message)).as("the MDC of the thread that ran the method")
          .containsEntry("traceId", server.getTraceId())
          .containsEntry("spanId", server.getSpanId());
      // Boot's console pattern prints the correlation ids beside the message.
      String line = console.text().lines().filter(l -> l.contains("backend echo " + message)).findFirst()
          .orElseThrow(() -> new AssertionError("no log line of the backend's method"));
      assertThat(line).contains(server.getTraceId()).contains(server.getSpanId());
    }
  }

  private ConfigurableApplicationContext app(Class<?> source, WebApplicationType type, String... args) {
    List<String> all = new java.util.ArrayList<>(List.of(args));
    all.add("--management.tracing.sampling.probability=1.0");
    all.add("--management.otlp.metrics.export.enabled=false");
    return new SpringApplicationBuilder(source).initializers(Apps.books(runtimes, source.getSimpleName())).web(type).bannerMode(Banner.Mode.OFF).logStartupInfo(false)
        .run(all.toArray(String[]::new));
  }

  /** Each application exports to the shared in-memory exporter. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Exporting {
    @Bean
    InMemorySpanExporter inMemorySpanExporter() {
      return spans;
    }
  }

  @Import({Exporting.class, LoggingEcho.class})
  static class BackendApp {
  }

  @Import({Exporting.class, HelloController.class})
  static class EdgeApp {
  }

  /** The backend: an echo that logs, and keeps the logging context it logged with. */
  @RpcSchema(schemaId = "EchoService")
  public static class LoggingEcho extends io.axle.testing.EchoServiceImpl {
    private static final Logger LOG = LoggerFactory.getLogger(LoggingEcho.class);

    @Override
    public String echo(String message) {
      LOG.info("backend echo {}", message);
      Map<String, String> context = MDC.getCopyOfContextMap();
      BACKEND_MDC.put(message, context == null ? Map.of() : context);
      return super.echo(message);
    }
  }

  @RestController
  public static class HelloController {
    @RpcReference(microserviceName = "backend")
    io.axle.testing.EchoService backend;

    @GetMapping("/hello")
    public String hello(@RequestParam String name) {
      return backend.echo(name);
    }
  }
}
