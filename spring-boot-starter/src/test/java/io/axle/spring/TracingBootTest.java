package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.testing.AxleExtension;
import io.opentelemetry.api.trace.SpanId;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
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
 * Three Boot applications with Boot's OpenTelemetry tracing and its documented properties only: an edge
 * web application whose controller calls a middle service over highway, which calls a backend over REST.
 * One trace covers the HTTP request and all four Axle spans, each the child of the one before, and the
 * backend's span is the one in scope while its method runs: what Boot's tracing copies into the log
 * context (MDC: {@code traceId}, {@code spanId}) for its log lines. (The MDC itself is read by {@link
 * TracingLogsTest}, which runs with Logback: these tests log through slf4j-simple, whose MDC keeps nothing.)
 */
@Tag("slow")
class TracingBootTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  /** One exporter for the three applications, as one collector would be. */
  static final InMemorySpanExporter SPANS = InMemorySpanExporter.create();
  /** The span in scope while the backend's method ran. */
  static final Map<String, String> BACKEND_SCOPE = new ConcurrentHashMap<>();

  /** The middle service's schema. */
  public interface Middle {
    String relay(String message);
  }

  @Test
  void oneTrace_coversTheHttpRequestAndEveryAxleHop() throws Exception {
    List<ConfigurableApplicationContext> apps = new ArrayList<>();
    try {
      ConfigurableApplicationContext backend = app(BackendApp.class, WebApplicationType.NONE, "--axle.service.name=backend");
      apps.add(backend);
      ConfigurableApplicationContext middle = app(MiddleApp.class, WebApplicationType.NONE, "--axle.service.name=middle",
          "--axle.registry.local.backend=" + Apps.registryEntry(backend, "rest"), "--axle.references.transport=rest");
      apps.add(middle);
      ConfigurableApplicationContext edge = app(EdgeApp.class, WebApplicationType.SERVLET, "--axle.service.name=edge",
          "--server.port=0", "--axle.registry.local.middle=" + Apps.registryEntry(middle, "highway"));
      apps.add(edge);

      int web = Integer.parseInt(edge.getEnvironment().getProperty("local.server.port"));
      HttpResponse<String> answer = LoopbackHttp.get(web, "/hello?name=trace");
      assertThat(answer.body()).isEqualTo("trace");
      for (ConfigurableApplicationContext app : apps) {
        app.getBean(SdkTracerProvider.class).forceFlush().join(10, TimeUnit.SECONDS);
      }

      List<SpanData> spans = SPANS.getFinishedSpanItems();
      SpanData http = spans.stream().filter(s -> s.getKind() == SpanKind.SERVER && s.getName().contains("hello"))
          .findFirst().orElseThrow(() -> new AssertionError("no HTTP server span in " + spans));
      SpanData edgeClient = span(spans, SpanKind.CLIENT, "Middle/relay");
      SpanData middleServer = span(spans, SpanKind.SERVER, "Middle/relay");
      SpanData middleClient = span(spans, SpanKind.CLIENT, "EchoService/echo");
      SpanData backendServer = span(spans, SpanKind.SERVER, "EchoService/echo");
      assertThat(List.of(http, edgeClient, middleServer, middleClient, backendServer)).extracting(SpanData::getTraceId)
          .containsOnly(http.getTraceId());
      assertThat(http.getParentSpanId()).isEqualTo(SpanId.getInvalid());
      assertThat(edgeClient.getParentSpanId()).isEqualTo(http.getSpanId());
      assertThat(middleServer.getParentSpanId()).isEqualTo(edgeClient.getSpanId());
      assertThat(middleClient.getParentSpanId()).isEqualTo(middleServer.getSpanId());
      assertThat(backendServer.getParentSpanId()).isEqualTo(middleClient.getSpanId());
      assertThat(edgeClient.getAttributes().asMap().toString()).contains("axle.transport=highway");
      assertThat(middleClient.getAttributes().asMap().toString()).contains("axle.transport=rest");
      assertThat(BACKEND_SCOPE).containsEntry("traceId", http.getTraceId())
          .containsEntry("spanId", backendServer.getSpanId());
    } finally {
      for (int i = apps.size() - 1; i >= 0; i--) {
        apps.get(i).close();
      }
    }
  }

  private ConfigurableApplicationContext app(Class<?> source, WebApplicationType type, String... args) {
    List<String> all = new ArrayList<>(List.of(args));
    // The documented properties: every call sampled (Boot samples a tenth by default).
    all.add("--management.tracing.sampling.probability=1.0");
    all.add("--management.otlp.metrics.export.enabled=false");
    return new SpringApplicationBuilder(source).initializers(Apps.books(runtimes, source.getSimpleName())).web(type).bannerMode(Banner.Mode.OFF).logStartupInfo(false)
        .run(all.toArray(String[]::new));
  }

  private static SpanData span(List<SpanData> spans, SpanKind kind, String name) {
    return spans.stream().filter(s -> s.getKind() == kind && s.getName().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " span " + name + " in " + spans));
  }

  /** Each application exports to the shared in-memory exporter. */
  @SpringBootConfiguration
  @EnableAutoConfiguration
  static class Exporting {
    @Bean
    InMemorySpanExporter inMemorySpanExporter() {
      return SPANS;
    }
  }

  @Import({Exporting.class, RecordingEcho.class})
  static class BackendApp {
  }

  @Import({Exporting.class, MiddleProvider.class})
  static class MiddleApp {
  }

  @Import({Exporting.class, HelloController.class})
  static class EdgeApp {
  }

  /** The backend: an echo that records the span in scope while its method runs. */
  @RpcSchema(schemaId = "EchoService")
  public static class RecordingEcho extends io.axle.testing.EchoServiceImpl {
    @org.springframework.beans.factory.annotation.Autowired
    io.micrometer.tracing.Tracer tracer;

    @Override
    public String echo(String message) {
      io.micrometer.tracing.Span span = tracer.currentSpan();
      if (span != null) {
        BACKEND_SCOPE.put("traceId", span.context().traceId());
        BACKEND_SCOPE.put("spanId", span.context().spanId());
      }
      return super.echo(message);
    }
  }

  @RpcSchema(schemaId = "Middle")
  public static class MiddleProvider implements Middle {
    @RpcReference(microserviceName = "backend")
    io.axle.testing.EchoService backend;

    @Override
    public String relay(String message) {
      return backend.echo(message);
    }
  }

  @RestController
  public static class HelloController {
    @RpcReference(microserviceName = "middle")
    Middle middle;

    @GetMapping("/hello")
    public String hello(@RequestParam String name) {
      return middle.relay(name);
    }
  }
}
