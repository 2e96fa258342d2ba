package io.axle.transport.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The import graph's rules, over the main sources of every module of the reactor:
 * <ul>
 *   <li>no two classes import each other (each pair that depends both ways, such as a factory and the
 *       transport it makes, has one direction, so a change to one side cannot ripple back);</li>
 *   <li>core's SPI packages (the transport SPI and the type model), which other transports implement
 *       against, import nothing from Axle's {@code internal} packages;</li>
 *   <li>no module but core imports core's internals ({@code io.axle.internal} and below): what another
 *       module needs is public SPI;</li>
 *   <li>no package outside an {@code internal} package, in any module, imports an implementation class of
 *       Vert.x or Netty, so that none can reach an SPI signature (see {@link #isLibraryImplementation}).</li>
 * </ul>
 */
class ImportRulesTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  private static final String CORE_INTERNALS = "io.axle.internal";
  /** Core's packages other transports are written against. */
  private static final List<String> CORE_SPI = List.of("io.axle.transport", "io.axle.types");

  /**
   * Modules that may import core's internals: the JMH benchmarks measure core's internal classes
   * (filter chains, the method invoker) in place, and nothing depends on them.
   */
  private static final Set<String> MAY_IMPORT_CORE_INTERNALS = Set.of("core", "benchmarks");

  /**
   * SPI-package classes allowed one named library implementation class, each for a reason. Netty's MPSC
   * queue has no public equivalent in Netty or the JDK; it stays a private field, out of every signature.
   */
  private static final Map<String, Set<String>> IMPLEMENTATION_ALLOWED = Map.of(
      "io.axle.transport.calls.LoopOutbox", Set.of("io.netty.util.internal.PlatformDependent"),
      // The raw-Netty baseline hands answers to the event loop through the queue LoopOutbox uses, so that
      // the baseline and the chassis measure the same hand-off.
      "io.axle.perf.baseline.HandedOffTcpEcho", Set.of("io.netty.util.internal.PlatformDependent"));

  private static List<MainSource> sources;

  @BeforeAll
  static void read() throws IOException {
    sources = MainSource.readAll(ROOT);
    assertThat(sources).as("main classes read from %s", ROOT).hasSizeGreaterThan(100);
    assertThat(sources).extracting(MainSource::module).as("modules read from %s", ROOT)
        .contains("core", "transport-highway", "transport-rest", "metrics", "load");
  }

  @Test
  void noTwoMainClassesImportEachOther() {
    Map<String, Set<String>> imports = new HashMap<>();
    sources.forEach(source -> imports.put(source.className(), source.imports()));
    List<String> circles = new ArrayList<>();
    imports.forEach((type, imported) -> {
      for (String other : imported) {
        if (type.compareTo(other) < 0 && imports.getOrDefault(other, Set.of()).contains(type)) {
          circles.add(type + " <-> " + other);
        }
      }
    });
    assertThat(circles).as("pairs of classes that import each other").isEmpty();
  }

  @Test
  void coreSpi_importsNoInternalType() {
    List<MainSource> spi = sources.stream().filter(s -> s.module().equals("core")
        && CORE_SPI.stream().anyMatch(p -> s.packageName().equals(p) || s.packageName().startsWith(p + "."))).toList();
    assertThat(spi).as("core SPI classes in %s", CORE_SPI).extracting(MainSource::packageName)
        .contains(CORE_SPI.toArray(String[]::new));

    assertThat(violations(spi, name -> name.startsWith("io.axle.") && MainSource.hasSegment(name, "internal")))
        .as("core SPI classes that import an Axle internal type").isEmpty();
  }

  @Test
  void noModuleButCore_importsCoreInternals() {
    List<MainSource> others = sources.stream().filter(s -> !MAY_IMPORT_CORE_INTERNALS.contains(s.module())).toList();
    assertThat(others).as("main classes outside %s", MAY_IMPORT_CORE_INTERNALS).isNotEmpty();

    assertThat(violations(others, name -> name.startsWith(CORE_INTERNALS + ".")))
        .as("classes outside core that import %s..", CORE_INTERNALS).isEmpty();
  }

  @Test
  void noSpiPackage_importsVertxOrNettyImplementation() {
    List<MainSource> spi = sources.stream().filter(s -> !s.isInternal()).toList();
    List<String> found = new ArrayList<>();
    for (MainSource source : spi) {
      Set<String> allowed = IMPLEMENTATION_ALLOWED.getOrDefault(source.className(), Set.of());
      source.imports().stream().filter(name -> isLibraryImplementation(name) && !allowed.contains(name))
          .forEach(name -> found.add(source + " imports " + name));
    }
    assertThat(found).as("classes outside internal packages that import a Vert.x or Netty implementation class")
        .isEmpty();
  }

  @Test
  void theImplementationRule_tellsApiFromImplementation() {
    assertThat(isLibraryImplementation("io.vertx.core.net.impl.ConnectionBase")).isTrue();
    assertThat(isLibraryImplementation("io.vertx.core.impl.ContextImpl")).isTrue();
    assertThat(isLibraryImplementation("io.netty.util.internal.PlatformDependent")).isTrue();
    assertThat(isLibraryImplementation("io.vertx.core.spi.metrics.NetworkMetrics")).isFalse();
    assertThat(isLibraryImplementation("io.netty.channel.Channel")).isFalse();
    assertThat(isLibraryImplementation("io.axle.internal.AxleRuntime")).isFalse();
  }

  /**
   * A Vert.x implementation class is one in a package with an {@code impl} segment
   * ({@code io.vertx.core.net.impl.ConnectionBase}); a Netty one, in a package with an {@code internal}
   * segment ({@code io.netty.util.internal.PlatformDependent}, which Netty marks for its own use). Vert.x
   * 5's {@code io.vertx.core.internal} ({@code VertxInternal}, {@code ContextInternal}) is not in the rule:
   * it is the API Vert.x gives code built on its event loops, which transports are.
   */
  static boolean isLibraryImplementation(String name) {
    return name.startsWith("io.vertx.") && MainSource.hasSegment(name, "impl")
        || name.startsWith("io.netty.")
            && (MainSource.hasSegment(name, "internal") || MainSource.hasSegment(name, "impl"));
  }

  private static List<String> violations(List<MainSource> checked, Predicate<String> forbidden) {
    List<String> found = new ArrayList<>();
    for (MainSource source : checked) {
      source.imports().stream().filter(forbidden).forEach(name -> found.add(source + " imports " + name));
    }
    return found;
  }
}
