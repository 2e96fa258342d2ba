package io.axle.transport.architecture;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * One main source file of the reactor as the import rules read it: its module folder, package, class and
 * what it imports (a static import by its member's full name). Read from the source text, so a rule covers what a
 * file names in its imports; the tree writes no fully qualified names of other packages in code.
 */
record MainSource(String module, String packageName, String className, Set<String> imports) {
  private static final Pattern IMPORT =
      Pattern.compile("^import (?:static )?([\\w.]+?)(?:\\.\\*)?;", Pattern.MULTILINE);
  private static final Pattern PACKAGE = Pattern.compile("^package ([\\w.]+);", Pattern.MULTILINE);
  private static final String MAIN = "/src/main/java/";

  /** Every main source file under {@code root}, build output left out. */
  static List<MainSource> readAll(Path root) throws IOException {
    List<MainSource> sources = new ArrayList<>();
    try (Stream<Path> files = Files.walk(root)) {
      files.filter(p -> p.toString().endsWith(".java") && p.toString().contains(MAIN)
              && !p.toString().contains("/target/") && !p.getFileName().toString().equals("package-info.java"))
          .forEach(p -> read(root, p, sources));
    }
    return sources;
  }

  /** Whether the class sits in an {@code internal} package (one with an {@code internal} segment). */
  boolean isInternal() {
    return hasSegment(packageName, "internal");
  }

  /** Whether a dotted name has {@code segment} as one of its parts. */
  static boolean hasSegment(String name, String segment) {
    return List.of(name.split("\\.")).contains(segment);
  }

  @Override
  public String toString() {
    return module + ": " + className;
  }

  private static void read(Path root, Path file, List<MainSource> sources) {
    try {
      String text = Files.readString(file);
      Matcher pkg = PACKAGE.matcher(text);
      if (!pkg.find()) {
        return;
      }
      String relative = root.relativize(file).toString();
      String module = relative.substring(0, relative.indexOf(MAIN.substring(1)) - 1);
      Set<String> imported = new LinkedHashSet<>();
      for (Matcher m = IMPORT.matcher(text); m.find(); ) {
        imported.add(m.group(1));
      }
      String name = pkg.group(1) + "." + file.getFileName().toString().replace(".java", "");
      sources.add(new MainSource(module, pkg.group(1), name, imported));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
