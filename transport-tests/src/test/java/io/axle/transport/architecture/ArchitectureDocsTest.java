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
 * (main, or test for the tests it points to), every {@code Class.member} it names is declared in
 * that class's file (outside comments), every module folder it lists exists, and it names every
 * class of the shared call machinery.
 */
class ArchitectureDocsTest {
  private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
  /** {@code `Name`}, {@code `Name.member`} or {@code `Name.Nested.member`}: what the page names as code. */
  private static final Pattern CODE_NAME =
      Pattern.compile("`([A-Z][A-Za-z0-9]+)((?:\\.[A-Za-z][A-Za-z0-9]*)*)(?:\\([^`]*\\))?`");
  private static final Pattern COMMENTS = Pattern.compile("/\\*.*?\\*/|//[^\\n]*", Pattern.DOTALL);
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
      List<Path> files = sources.get(type);
      if (files == null) {
        missing.add(m.group());
        continue;
      }
      // Each further part is declared in the file of the class it follows: Axle.Builder.vertxMetrics.
      for (String member : m.group(2).isEmpty() ? new String[0] : m.group(2).substring(1).split("\\.")) {
        if (!mentions(files, member)) {
          missing.add(m.group());
          break;
        }
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

  /**
   * True when one of the class's files declares {@code member} — a nested type, a method (or a
   * call of one, as an interface's own file has no other), or a field — outside comments, so a
   * stale Javadoc link does not count.
   */
  private static boolean mentions(List<Path> files, String member) throws IOException {
    Pattern declared = Pattern.compile("\\b(class|interface|record|enum)\\s+" + member + "\\b"
        + "|\\b" + member + "\\s*\\(" + "|\\b" + member + "\\s*[=;]");
    for (Path file : files) {
      String code = COMMENTS.matcher(Files.readString(file)).replaceAll(" ");
      if (declared.matcher(code).find()) {
        return true;
      }
    }
    return false;
  }
}
