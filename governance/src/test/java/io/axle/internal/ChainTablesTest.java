package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Filter;
import io.axle.config.AxleConfig;
import io.axle.registry.Endpoint;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * The chains described are the chains walked, and docs/architecture.md shows them as assembled: with
 * governance off and on, over both transports, a real call's path through the consumer's and the
 * provider's links (as a {@link LinkObserver} hears it) is the list the assemblers made, and the tables in
 * the document are {@link FilterChains#table} of those lists. The observer is built from the same list, so
 * the path check catches a link that does not pass the call on, or passes it twice; the document check
 * catches a document that no longer says what the runtime builds. Run with {@code -Daxle.docs.write=true} to
 * write the tables into the document after changing a chain.
 */
@Timeout(60)
class ChainTablesTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final Path DOC = Path.of("..").toAbsolutePath().normalize().resolve("docs/architecture.md");
  private static final String OPERATION = "EchoService.echo";

  /** A named filter that passes the call on: stands for a user's tracing filter on either side. */
  private static Filter userFilter() {
    return new Filter() {
      @Override
      public java.util.concurrent.CompletableFuture<io.axle.Response> onFilter(io.axle.Call call,
          io.axle.FilterChain next) {
        return next.proceed(call);
      }

      @Override
      public String name() {
        return "tracing";
      }
    };
  }

  private static final Map<String, Object> CONSUMER_GOVERNANCE = Map.of(
      "axle.governance.consumer.max-concurrent", 100,
      "axle.governance.consumer.rate-limit", 10_000,
      "axle.governance.breaker.enabled", true,
      "axle.governance.breaker.per-instance", true,
      "axle.governance.retry.idempotent.echo-service.EchoService.echo", true,
      "axle.governance.retry.attempts", 3);
  private static final Map<String, Object> PROVIDER_GOVERNANCE = Map.of(
      "axle.governance.provider.max-concurrent", 100,
      "axle.governance.provider.rate-limit", 10_000,
      "axle.governance.fault.delay.EchoService.echo", "1ms",
      "axle.governance.fault.delay-percent", 100);

  @ParameterizedTest(name = "{0}, governance {1}")
  @CsvSource({"highway, off", "highway, on", "rest, off", "rest, on"})
  void aCallWalksTheLinksDescribed_andTheDocumentShowsThem(String transport, String governance) throws IOException {
    boolean on = governance.equals("on");
    List<String> providerPath = new ArrayList<>();
    List<String> consumerPath = new ArrayList<>();
    AxleRuntime provider = start(providerConfig(transport, on), providerPath, true);
    try {
      Endpoint bound = provider.endpoint(transport).orElseThrow();
      AxleRuntime consumer = start(consumerConfig(transport, bound, on), consumerPath, false);
      try {
        EchoService echo = consumer.reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
        providerPath.clear();
        assertThat(echo.echo("hello")).isEqualTo("hello");

        List<ChainLink> consumerLinks = consumer.consumerLinks().get(Runtimes.SERVICE + "/" + OPERATION);
        List<ChainLink> providerLinks = provider.providerLinks().get(OPERATION);
        assertThat(consumerPath).as("the consumer links a call entered").isEqualTo(names(consumerLinks));
        assertThat(providerPath).as("the provider links a call entered").isEqualTo(names(providerLinks));
        assertThat(consumer.consumerChains()).containsEntry(Runtimes.SERVICE + "/" + OPERATION,
            FilterChains.describe(consumerLinks));
        assertThat(provider.operations()).filteredOn(o -> o.name().equals(OPERATION)).singleElement()
            .satisfies(info -> assertThat(info.chain()).isEqualTo(FilterChains.describe(
                providerLinks.stream().filter(l -> l.part() != ChainLink.Part.ADMISSION).toList())));
        if (!on) {
          assertThat(consumer.consumerChain()).as("the chain logged at start, for an operation without governance")
              .isEqualTo(FilterChains.describe(consumerLinks));
        }
        if (on) {
          assertThat(names(consumerLinks)).as("every consumer part is in the table with governance on")
              .contains("tracing", "retry(3 attempts)", "transport").hasSizeGreaterThan(5);
          assertThat(providerLinks).extracting(ChainLink::part).contains(ChainLink.Part.ADMISSION,
              ChainLink.Part.FAULT, ChainLink.Part.PROVIDER_FILTER, ChainLink.Part.METHOD);
        }
        if (transport.equals("highway")) {
          // The links do not depend on the transport: the document shows highway's.
          matchesDocument("consumer chain, governance " + governance, FilterChains.table(consumerLinks));
          matchesDocument("provider chain, governance " + governance, FilterChains.table(providerLinks));
        }
      } finally {
        consumer.stop(Duration.ofSeconds(5));
      }
    } finally {
      provider.stop(Duration.ofSeconds(5));
    }
  }

  private static List<String> names(List<ChainLink> links) {
    return links.stream().map(ChainLink::name).toList();
  }

  /** A runtime with the extension's books listener; the caller stops it. */
  private AxleRuntime start(AxleConfig config, List<String> path, boolean serves) {
    RuntimeSpec spec = new RuntimeSpec();
    spec.config = config;
    spec.linkObserver = (operation, link) -> {
      if (operation.qualifiedName().equals(OPERATION)) {
        synchronized (path) {
          path.add(link);
        }
      }
    };
    spec.listeners.add(runtimes.listener(serves ? "provider" : "consumer"));
    if (serves) {
      spec.providers.add(new RuntimeSpec.ProviderRegistration(Runtimes.SCHEMA, EchoService.class,
          new EchoServiceImpl(), List.of()));
      spec.providerFilters.add(userFilter());
    } else {
      spec.consumerFilters.add(userFilter());
    }
    return AxleRuntime.start(spec);
  }

  private static AxleConfig providerConfig(String transport, boolean governed) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", Runtimes.SERVICE);
    for (String present : Runtimes.transportsOnClassPath()) {
      entries.put("axle." + present + ".address", "127.0.0.1:0");
    }
    entries.put("axle." + transport + ".server.thread-count", 1);
    if (governed) {
      entries.putAll(PROVIDER_GOVERNANCE);
    }
    return Runtimes.config(entries);
  }

  private static AxleConfig consumerConfig(String transport, Endpoint bound, boolean governed) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", "test-consumer");
    entries.put("axle.registry.local." + Runtimes.SERVICE, transport + "://127.0.0.1:" + bound.port());
    entries.put("axle.references.transport", transport);
    entries.put("axle." + transport + ".client.thread-count", 1);
    if (governed) {
      entries.putAll(CONSUMER_GOVERNANCE);
    }
    return Runtimes.config(entries);
  }

  /**
   * The table under {@code <!-- chain table: name -->} in docs/architecture.md, up to {@code <!-- end of
   * chain table -->}, is {@code table}; with {@code -Daxle.docs.write=true} it is written there instead.
   */
  private static synchronized void matchesDocument(String name, String table) throws IOException {
    String doc = Files.readString(DOC);
    Pattern block = Pattern.compile("(<!-- chain table: " + Pattern.quote(name) + " -->\n)(.*?)(<!-- end of chain table -->)",
        Pattern.DOTALL);
    Matcher matcher = block.matcher(doc);
    assertThat(matcher.find()).as("docs/architecture.md has a block <!-- chain table: %s -->", name).isTrue();
    if (Boolean.getBoolean("axle.docs.write")) {
      Files.writeString(DOC, matcher.replaceFirst(Matcher.quoteReplacement(matcher.group(1) + table) + "$3"));
      return;
    }
    assertThat(matcher.group(2)).as("docs/architecture.md's %s (rewrite it with -Daxle.docs.write=true)", name)
        .isEqualTo(table);
  }
}
