package io.axle.transport.architecture;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * docs/architecture.md stays true: every class it names in backticks exists in the reactor's sources
 * (main, or test for the tests it points to) (and every {@code Class.member} it names is in that class's file), every module folder it
 * lists exists, and it names every class of the shared call machinery.
 */
class ArchitectureDocsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  /** {@code `Name`} or {@code `Name.member`}: what the page names as code. */
  private static final Pattern CODE_NAME = Pattern.compile("`([A-Z][A-Za-z0-9]+)(?:\\.([A-Za-z][A-Za-z0-9]*))?`");
  private static final Pattern FOLDER = Pattern.compile("^\\| `([a-z-]+)/` \\|", Pattern.MULTILINE);

  private static String doc;
  /** Source files by simple class name. */
  private static final Map<String, List<Path>> sources = new HashMap<>();

  @BeforeAll
  static void read() throws IOException {
    doc = Files.readString(ROOT.resolve("docs/architecture.md"));
    try (Stream<Path> files = Files.walk(ROOT)) {
      files.filter(p -> p.toString().endsWith(".java") && !p.toString().contains("/target/")
              && (p.toString().contains("/src/main/java/") || p.toString().contains("/src/test/java/")))
          .forEach(p -> sources.computeIfAbsent(p.getFileName().toString().replace(".java", ""),
              k -> new ArrayList<>()).add(p));
    }
  }

  @Test
  void everyClassAndMemberItNames_exists() throws IOException {
    List<String> missing = new ArrayList<>();
    int checked = 0;
    for (Matcher m = CODE_NAME.matcher(doc); m.find(); checked++) {
      String type = m.group(1);
      String member = m.group(2);
      List<Path> files = sources.get(type);
      if (files == null) {
        missing.add(m.group());
        continue;
      }
      if (member != null && !mentions(files, member)) {
        missing.add(m.group());
      }
    }
    assertThat(checked).as("names checked in docs/architecture.md").isGreaterThan(30);
    assertThat(missing).as("names in docs/architecture.md with no class or member in the tree").isEmpty();
  }

  @Test
  void everyModuleItLists_isAFolderWithAPom() {
    List<String> folders = new ArrayList<>();
    for (Matcher m = FOLDER.matcher(doc); m.find(); ) {
      folders.add(m.group(1));
    }
    assertThat(folders).contains("core", "transport-highway", "transport-rest");
    assertThat(folders).allMatch(f -> Files.isRegularFile(ROOT.resolve(f).resolve("pom.xml")), "a module folder");
  }

  @Test
  void itNamesEveryClassOfTheSharedCallMachinery() throws IOException {
    try (Stream<Path> files = Files.list(ROOT.resolve("core/src/main/java/io/axle/transport/calls"))) {
      List<String> classes = files.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(".java") && !n.equals("package-info.java"))
          .map(n -> n.replace(".java", "")).toList();
      assertThat(classes).isNotEmpty().allMatch(c -> doc.contains("`" + c + "`"), "named in docs/architecture.md");
    }
  }

  private static boolean mentions(List<Path> files, String member) throws IOException {
    Pattern word = Pattern.compile("\\b" + member + "\\b");
    for (Path file : files) {
      if (word.matcher(Files.readString(file)).find()) {
        return true;
      }
    }
    return false;
  }
}
