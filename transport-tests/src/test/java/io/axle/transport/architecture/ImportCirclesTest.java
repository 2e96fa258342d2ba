package io.axle.transport.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The import graph's rules: no two main classes of the reactor import each other (each pair that
 * depends both ways, such as a factory and the transport it makes, has one direction, so a change
 * to one side cannot ripple back), and the transport SPI that other transports implement against
 * imports nothing from {@code internal} packages.
 */
class ImportCirclesTest {
  private static final Pattern IMPORT = Pattern.compile("^import (io\\.axle\\.[\\w.]+);", Pattern.MULTILINE);
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);

  @Test
  void noTwoMainClassesImportEachOther() throws IOException {
    Path root = Path.of("..").toAbsolutePath().normalize();
    Map<String, Set<String>> imports = new HashMap<>();
    try (Stream<Path> files = Files.walk(root)) {
      files.filter(p -> p.toString().endsWith(".java") && p.toString().contains("/src/main/java/")
              && !p.toString().contains("/target/"))
          .forEach(p -> read(p, imports));
    }
    assertThat(imports).as("main classes read from %s", root).hasSizeGreaterThan(100);

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
  void theTransportSpi_importsNoInternalType() throws IOException {
    Path spi = Path.of("../core/src/main/java/io/axle/transport").toAbsolutePath().normalize();
    Map<String, Set<String>> imports = new HashMap<>();
    try (Stream<Path> files = Files.walk(spi)) {
      files.filter(p -> p.toString().endsWith(".java")).forEach(p -> read(p, imports));
    }
    assertThat(imports).as("SPI classes in %s", spi).isNotEmpty();

    imports.forEach((type, imported) -> assertThat(imported).as("what %s imports", type)
        .noneMatch(name -> name.contains(".internal.")));
  }

  private static void read(Path file, Map<String, Set<String>> imports) {
    try {
      String text = Files.readString(file);
      Matcher pkg = PACKAGE.matcher(text);
      if (!pkg.find()) {
        return;
      }
      String name = pkg.group(1) + "." + file.getFileName().toString().replace(".java", "");
      Set<String> imported = new HashSet<>();
      for (Matcher m = IMPORT.matcher(text); m.find(); ) {
        imported.add(m.group(1));
      }
      imports.put(name, imported);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
