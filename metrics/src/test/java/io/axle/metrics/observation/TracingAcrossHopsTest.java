package io.axle.metrics.observation;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.Call;
import io.axle.testing.AxleExtension;
import io.axle.testing.Runtimes;
import io.micrometer.observation.ObservationHandler;
import io.micrometer.observation.ObservationRegistry;
import io.micrometer.tracing.handler.DefaultTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingReceiverTracingObservationHandler;
import io.micrometer.tracing.handler.PropagatingSenderTracingObservationHandler;
import io.micrometer.tracing.otel.bridge.OtelBaggageManager;
import io.micrometer.tracing.otel.bridge.OtelCurrentTraceContext;
import io.micrometer.tracing.otel.bridge.OtelPropagator;
import io.micrometer.tracing.otel.bridge.OtelTracer;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One trace across client → proxy → server, on real runtimes over loopback, with Micrometer Tracing on
 * OpenTelemetry and spans kept in memory: each hop over each transport, called sync and async, the proxy
 * running its operation on each executor kind.
 */
class TracingAcrossHopsTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  /** The proxy's schema: it calls {@link Backend}. */
  public interface Front {
    String relay(String message);

    CompletableFuture<String> relayAsync(String message);
  }

  /** The server's schema. */
  public interface Backend {
    String hop(String message);

    CompletableFuture<String> hopAsync(String message);
  }

  private final InMemorySpanExporter spans = InMemorySpanExporter.create();
  private final OtelTracer tracer;
  private final ObservationRegistry observations = ObservationRegistry.create();
  /** The runtimes started so far, for the test that stops them halfway; the extension closes them in any case. */
  private final List<Axle> running = new ArrayList<>();
  /** What the server saw while its operation ran: the span in scope and the context entries that arrived. */
  private final Map<String, String> seenByServer = new ConcurrentHashMap<>();
  /** Whether the runtimes started next put stage attributes on their spans. */
  private boolean stages;

  TracingAcrossHopsTest() {
    SdkTracerProvider provider = SdkTracerProvider.builder().setSampler(Sampler.alwaysOn())
        .addSpanProcessor(SimpleSpanProcessor.create(spans)).build();
    ContextPropagators propagators = ContextPropagators.create(W3CTraceContextPropagator.getInstance());
    OpenTelemetrySdk sdk = OpenTelemetrySdk.builder().setTracerProvider(provider).setPropagators(propagators).build();
    io.opentelemetry.api.trace.Tracer otel = sdk.getTracer("axle-test");
    OtelCurrentTraceContext current = new OtelCurrentTraceContext();
    tracer = new OtelTracer(otel, current, event -> { }, new OtelBaggageManager(current, List.of(), List.of()));
    OtelPropagator propagator = new OtelPropagator(propagators, otel);
    observations.observationConfig().observationHandler(new ObservationHandler.FirstMatchingCompositeObservationHandler(
        new PropagatingSenderTracingObservationHandler<>(tracer, propagator),
        new PropagatingReceiverTracingObservationHandler<>(tracer, propagator),
        new DefaultTracingObservationHandler(tracer)));
  }

  @AfterEach
  void stop() {
    for (int i = running.size() - 1; i >= 0; i--) {
      running.get(i).close();
    }
  }

  @ParameterizedTest(name = "client -{0}-> proxy ({2}) -{1}-> server, async {3}")
  @CsvSource({
      "highway, highway, group, false",
      "rest, rest, group, false",
      "highway, rest, virtual, true",
      "rest, highway, inline, true",
  })
  void oneTrace_spansAllThreeRuntimes_withEachSpanTheChildOfTheOneBefore(String firstHop, String secondHop,
      String proxyExecutor, boolean async) throws Exception {
    Front front = start(firstHop, secondHop, proxyExecutor, true);

    String answer = async ? front.relayAsync("traced").get(20, TimeUnit.SECONDS) : front.relay("traced");
    assertThat(answer).isEqualTo("traced");

    List<SpanData> finished = spans.getFinishedSpanItems();
    assertThat(finished).hasSize(4);
    SpanData client = span(finished, SpanKind.CLIENT, "Front/" + (async ? "relayAsync" : "relay"));
    SpanData proxyServer = span(finished, SpanKind.SERVER, "Front/" + (async ? "relayAsync" : "relay"));
    SpanData proxyClient = span(finished, SpanKind.CLIENT, "Backend/" + (async ? "hopAsync" : "hop"));
    SpanData server = span(finished, SpanKind.SERVER, "Backend/" + (async ? "hopAsync" : "hop"));
    assertThat(finished).extracting(SpanData::getTraceId).containsOnly(client.getTraceId());
    assertThat(client.getParentSpanId()).isEqualTo(io.opentelemetry.api.trace.SpanId.getInvalid());
    assertThat(proxyServer.getParentSpanId()).isEqualTo(client.getSpanId());
    assertThat(proxyClient.getParentSpanId()).isEqualTo(proxyServer.getSpanId());
    assertThat(server.getParentSpanId()).isEqualTo(proxyClient.getSpanId());
    assertThat(client.getAttributes().asMap().toString()).contains("axle.transport=" + firstHop)
        .contains("axle.status=OK").contains("rpc.system=axle").contains("rpc.method=");
    assertThat(server.getAttributes().asMap().toString()).contains("axle.transport=" + secondHop);
    // The server's span was current while its method ran (what log lines' trace ids come from), and the
    // context it received was the W3C trace context of the proxy's client span.
    assertThat(seenByServer).containsEntry("spanInScope", server.getSpanId());
    String traceparent = seenByServer.get("traceparent");
    assertThat(traceparent).startsWith("00-" + server.getTraceId() + "-" + proxyClient.getSpanId() + "-");
    assertThat(Integer.parseInt(traceparent.substring(traceparent.length() - 2), 16) & 1).as("sampled flag").isOne();
  }

  @Test
  void aW3cTraceparentFromAnyHttpClient_isContinuedByTheRestProvider() throws Exception {
    Axle server = runtime("server", Map.of(), true, builder -> builder.provider("Backend", Backend.class,
        new BackendImpl()));
    String trace = "4bf92f3577b34da6a3ce929d0e0e4736";
    String parent = "00f067aa0ba902b7";
    java.net.http.HttpResponse<String> answer = java.net.http.HttpClient.newHttpClient().send(
        java.net.http.HttpRequest.newBuilder(java.net.URI.create("http://127.0.0.1:"
                + server.endpoint("rest").orElseThrow().port() + "/Backend/hop"))
            .header("Content-Type", "application/json").header("traceparent", "00-" + trace + "-" + parent + "-01")
            .POST(java.net.http.HttpRequest.BodyPublishers.ofString("{\"message\":\"from curl\"}")).build(),
        java.net.http.HttpResponse.BodyHandlers.ofString());
    assertThat(answer.body()).isEqualTo("\"from curl\"");

    SpanData span = span(spans.getFinishedSpanItems(), SpanKind.SERVER, "Backend/hop");
    assertThat(span.getTraceId()).isEqualTo(trace);
    assertThat(span.getParentSpanId()).isEqualTo(parent);
  }

  @Test
  void stageTimes_areSpanAttributes_onlyWhenAsked() throws Exception {
    stages = true;
    Front front = start("highway", "rest", "group", true);
    assertThat(front.relay("staged")).isEqualTo("staged");

    List<SpanData> finished = spans.getFinishedSpanItems();
    Map<String, String> client = attributes(span(finished, SpanKind.CLIENT, "Front/relay"));
    assertThat(client).containsKeys("axle.stage.prepare.us", "axle.stage.encode.us", "axle.stage.send.us",
        "axle.stage.wait.us", "axle.stage.decode.us");
    Map<String, String> server = attributes(span(finished, SpanKind.SERVER, "Backend/hop"));
    // Decode and queue came before the server's span; execute is the span itself.
    assertThat(server).containsKeys("axle.stage.decode.us", "axle.stage.queue.us");
    assertThat(Long.parseLong(server.get("axle.stage.queue.us"))).isNotNegative();

    spans.reset();
    stop();
    running.clear();
    stages = false;
    Front plain = start("highway", "rest", "group", true);
    assertThat(plain.relay("unstaged")).isEqualTo("unstaged");
    assertThat(attributes(span(spans.getFinishedSpanItems(), SpanKind.CLIENT, "Front/relay")).keySet())
        .noneMatch(key -> key.startsWith("axle.stage."));
  }

  private static Map<String, String> attributes(SpanData span) {
    Map<String, String> attributes = new java.util.TreeMap<>();
    span.getAttributes().forEach((key, value) -> attributes.put(key.getKey(), String.valueOf(value)));
    return attributes;
  }

  @Test
  void withoutTracing_aCallCarriesNoContextEntries() throws Exception {
    Front front = start("highway", "rest", "group", false);

    assertThat(front.relay("plain")).isEqualTo("plain");
    assertThat(spans.getFinishedSpanItems()).isEmpty();
    assertThat(seenByServer).containsEntry("contextEntries", "0").doesNotContainKey("traceparent");
  }

  /** Starts server, proxy and client; the client's reference to the proxy's Front. */
  private Front start(String firstHop, String secondHop, String proxyExecutor, boolean traced) {
    Axle server = runtime("server", Map.of(), traced, builder -> builder.provider("Backend", Backend.class,
        new BackendImpl()));
    AtomicReference<Backend> backend = new AtomicReference<>();
    Map<String, Object> proxyKeys = new LinkedHashMap<>();
    proxyKeys.put("axle.registry.local.server", "highway://127.0.0.1:" + server.endpoint("highway").orElseThrow().port()
        + ",rest://127.0.0.1:" + server.endpoint("rest").orElseThrow().port());
    proxyKeys.put("axle.references.transport", secondHop);
    proxyKeys.put("axle.executors.default", proxyExecutor);
    Axle proxy = runtime("proxy", proxyKeys, traced, builder -> builder.provider("Front", Front.class,
        new FrontImpl(backend)));
    backend.set(proxy.reference(Backend.class, "server", "Backend"));
    Map<String, Object> clientKeys = new LinkedHashMap<>();
    clientKeys.put("axle.registry.local.proxy", "highway://127.0.0.1:" + proxy.endpoint("highway").orElseThrow().port()
        + ",rest://127.0.0.1:" + proxy.endpoint("rest").orElseThrow().port());
    clientKeys.put("axle.references.transport", firstHop);
    Axle client = runtime("client", clientKeys, traced, builder -> builder);
    return client.reference(Front.class, "proxy", "Front");
  }

  private Axle runtime(String name, Map<String, Object> keys, boolean traced,
      java.util.function.UnaryOperator<Axle.Builder> providers) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", name);
    entries.put("axle.highway.address", "127.0.0.1:0");
    entries.put("axle.rest.address", "127.0.0.1:0");
    for (String transport : List.of("highway", "rest")) {
      entries.put("axle." + transport + ".server.thread-count", 1);
      entries.put("axle." + transport + ".client.thread-count", 1);
    }
    entries.putAll(keys);
    Axle.Builder builder = Axle.builder().config(Runtimes.config(entries));
    if (traced) {
      AxleObservations.install(builder, observations, stages);
    }
    if (stages) {
      // Stages are timed only when someone listens (docs/metrics.md); the metrics module is the usual one.
      builder.listener(new io.axle.InvocationListener() { });
    }
    Axle runtime = runtimes.start(providers.apply(builder));
    running.add(runtime);
    return runtime;
  }

  private static SpanData span(List<SpanData> spans, SpanKind kind, String name) {
    return spans.stream().filter(s -> s.getKind() == kind && s.getName().equals(name)).findFirst()
        .orElseThrow(() -> new AssertionError("no " + kind + " span " + name + " in " + spans));
  }

  private final class BackendImpl implements Backend {
    @Override
    public String hop(String message) {
      Call call = Call.current().orElseThrow();
      seenByServer.put("contextEntries", String.valueOf(call.context().size()));
      call.context().forEach(seenByServer::put);
      io.micrometer.tracing.Span inScope = tracer.currentSpan();
      if (inScope != null) {
        seenByServer.put("spanInScope", inScope.context().spanId());
      }
      return message;
    }

    @Override
    public CompletableFuture<String> hopAsync(String message) {
      return CompletableFuture.completedFuture(hop(message));
    }
  }

  private static final class FrontImpl implements Front {
    private final AtomicReference<Backend> backend;

    FrontImpl(AtomicReference<Backend> backend) {
      this.backend = backend;
    }

    @Override
    public String relay(String message) {
      return backend.get().hop(message);
    }

    @Override
    public CompletableFuture<String> relayAsync(String message) {
      return backend.get().hopAsync(message);
    }
  }
}
