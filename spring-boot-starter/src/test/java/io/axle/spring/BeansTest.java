package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.axle.Axle;
import io.axle.Call;
import io.axle.Filter;
import io.axle.FilterChain;
import io.axle.InvocationListener;
import io.axle.Response;
import io.axle.Role;
import io.axle.executor.AxleExecutor;
import io.axle.executor.AxleExecutors;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.Runtimes;
import io.axle.transport.HttpEndpoint;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.core.annotation.Order;

/** Filters, listeners, executors, customizers and a MeterRegistry declared as beans are used by the runtime. */
@org.junit.jupiter.api.Tag("slow") // Boot applications with a web server: outside the fast subset
class BeansTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final String[] ARGS = {"--axle.service.name=" + Runtimes.SERVICE,
      "--axle.executors.Provider.EchoService.threadInfo=beanPool", "--axle.metrics.window_time=100ms",
      // An executor a customizer registers: not a bean, so its name is checked when the runtime starts.
      "--axle.executors.Provider.EchoService.sleepEcho=customizerPool"};

  @Test
  void beans_joinTheRuntime() throws Exception {
    try (ConfigurableApplicationContext provider = Apps.run(runtimes, App.class, ARGS);
        Axle consumer = runtimes.consumer(Apps.endpoint(provider, "highway"), "highway", Map.of())) {
      EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);

      // Filters in @Order order, the first outermost: each appends its name on the way back.
      assertThat(echo.echo("x")).isEqualTo("x|inner|outer");
      // The executor bean, selected by its bean name.
      assertThat(echo.threadInfo()).startsWith("pool:bean-pool-thread");
      // The listener bean hears the provider's calls.
      CallCounter counter = provider.getBean(CallCounter.class);
      awaitTrue(() -> counter.providerCalls.get() >= 2, "the listener bean heard both provider calls");
      // Metrics went to the application's registry, and the customizer's endpoint is served.
      MeterRegistry registry = provider.getBean(MeterRegistry.class);
      awaitTrue(() -> providerCount(registry, "EchoService.echo") >= 1, "axle.invocation in the MeterRegistry bean");
      assertThat(registry.find("axle.executor.threads").gauges()).isNotEmpty();
      assertThat(get(provider, "/customized")).isEqualTo("added by a customizer");
      assertThat(echo.sleepEcho("on the customizer's executor", 0)).isEqualTo("on the customizer's executor");
    }
  }

  @Test
  void metricsDisabled_leaveTheRegistryAlone() {
    try (ConfigurableApplicationContext provider = Apps.run(runtimes, App.class, "--axle.metrics.enabled=false")) {
      assertThat(provider.getBean(MeterRegistry.class).find("axle.executor.threads").gauges()).isEmpty();
    }
  }

  @Test
  void runtimeHolder_givesTheRunningRuntime_andRefusesOnceClosed() {
    ConfigurableApplicationContext provider = Apps.run(runtimes, App.class, ARGS);
    AxleRuntimeHolder holder = provider.getBean(AxleRuntimeHolder.class);
    assertThat(holder.isRunning()).isTrue();
    assertThat(holder.axle().endpoint("highway")).isPresent();
    assertThat(holder.axle().executors()).containsKey("beanPool");

    provider.close();

    assertThat(holder.isRunning()).isFalse();
    assertThat(catchThrowable(holder::axle)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("Axle runtime: not running");
  }

  private static double providerCount(MeterRegistry registry, String operation) {
    Timer timer = registry.find("axle.invocation").tags("role", "provider", "operation", operation)
        .timer();
    return timer == null ? 0 : timer.count();
  }

  private static String get(ConfigurableApplicationContext context, String path) throws Exception {
    return HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(
        "http://127.0.0.1:" + Apps.endpoint(context, "rest").port() + path)).build(),
        HttpResponse.BodyHandlers.ofString()).body();
  }

  private static void awaitTrue(BooleanSupplier condition, String what) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (!condition.getAsBoolean()) {
      assertThat(System.nanoTime()).as(what + " within 10 s").isLessThan(deadline);
      Thread.sleep(20);
    }
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import({EchoProvider.class, CallCounter.class})
  static class App {

    @Bean
    @Order(1)
    Filter outer() {
      return new Appending("outer");
    }

    @Bean
    @Order(2)
    Filter inner() {
      return new Appending("inner");
    }

    @Bean
    AxleExecutor beanPool() {
      return AxleExecutors.wrap("beanPool", Executors.newSingleThreadExecutor(r -> new Thread(r, "bean-pool-thread")));
    }

    @Bean
    MeterRegistry meterRegistry() {
      return new SimpleMeterRegistry();
    }

    @Bean
    AxleBuilderCustomizer endpointCustomizer() {
      return builder -> builder.executor("customizerPool", AxleExecutors.virtual("customizerPool"))
          .httpEndpoint(new HttpEndpoint() {
        @Override
        public String path() {
          return "/customized";
        }

        @Override
        public String contentType() {
          return "text/plain";
        }

        @Override
        public byte[] render() {
          return "added by a customizer".getBytes(StandardCharsets.UTF_8);
        }
      });
    }
  }

  /** Appends its name to String results on the way back, so the result shows the order filters ran in. */
  record Appending(String label) implements Filter {
    @Override
    public CompletableFuture<Response> onFilter(Call call, FilterChain next) {
      return next.proceed(call).thenApply(response -> response.isOk() && response.result() instanceof String s
          && call.operation().name().equals("echo") ? Response.ok(s + "|" + label) : response);
    }
  }

  public static class CallCounter implements InvocationListener {
    final AtomicInteger providerCalls = new AtomicInteger();

    @Override
    public void onEnd(Call invocation, Response response) {
      if (invocation.role() == Role.PROVIDER) {
        providerCalls.incrementAndGet();
      }
    }
  }
}
