package io.axle.perf;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * perf.jar's Start-Class. The demo needs Java 21, but this class is compiled for 17 ({@code src/launcher/java},
 * a compiler execution of its own) so that {@code java -jar perf.jar} on a machine whose default java is older
 * still gets here: it then runs the same command — JVM options, jar, arguments — on a JDK 21 or newer installed
 * beside it and exits with that run's status, or says in one line what it needs. On 21 or newer it is only a
 * call to {@link PerfMain#main}. {@code ./mvnw} picks its JDK the same way ({@code .mvn/find-jdk.sh}).
 */
public final class PerfLauncher {
  private static final int NEEDED = 21;
  private static final String DEFAULT_CANDIDATES = "/usr/lib/jvm/* /opt/java/* /opt/jdk*";
  /** For tests only, as in {@code .mvn/find-jdk.sh}: the globs searched instead of the default ones. */
  private static final String CANDIDATES_VARIABLE = "JDK_CANDIDATES_FOR_TESTS";
  /** Set for the child: should it still be too old, it says so rather than start another one. */
  private static final String REEXECUTED_VARIABLE = "PERF_JAR_REEXECUTED";

  private PerfLauncher() {
  }

  public static void main(String[] args) throws IOException, InterruptedException {
    if (Runtime.version().feature() >= NEEDED) {
      PerfMain.main(args);
      return;
    }
    System.exit(runOnNewerJava(args));
  }

  private static int runOnNewerJava(String[] args) throws IOException, InterruptedException {
    String thisJava = "Java " + Runtime.version().feature() + " (" + System.getProperty("java.home") + ")";
    Jdk newer = System.getenv(REEXECUTED_VARIABLE) == null ? findNewer() : null;
    if (newer == null) {
      System.err.println("perf.jar needs Java " + NEEDED + " or newer; this is " + thisJava
          + ", and there is none in JAVA_HOME, on PATH or under " + candidates()
          + " (expected: JAVA_HOME pointing at a JDK >= " + NEEDED + ", or java " + NEEDED + "+ on PATH)");
      return ExitStatus.FAILED;
    }
    System.err.println("perf.jar: this is " + thisJava + "; running it on Java " + newer.version() + " at "
        + newer.home() + " (perf.jar needs " + NEEDED + " or newer; set JAVA_HOME to choose)");
    ProcessBuilder builder = new ProcessBuilder(command(newer, args)).inheritIO();
    // Their options are among this JVM's input arguments, passed on; read again, they would count twice.
    builder.environment().remove("JDK_JAVA_OPTIONS");
    builder.environment().remove("JAVA_TOOL_OPTIONS");
    builder.environment().put(REEXECUTED_VARIABLE, "true");
    Process child = builder.start();
    // Stopping this JVM (SIGTERM) stops the child as it would have stopped, and waits for it.
    Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(child), "perf-launcher-stop"));
    return child.waitFor();
  }

  /** This JVM's command on that JDK: its options, then the jar ({@code -jar}) or the main class, then the arguments. */
  private static List<String> command(Jdk jdk, String[] args) {
    List<String> command = new ArrayList<>();
    command.add(jdk.home().resolve("bin").resolve("java").toString());
    command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
    String classPath = System.getProperty("java.class.path");
    // HotSpot's: the jar (when started with -jar) or the main class, then the arguments.
    String launched = System.getProperty("sun.java.command", classPath);
    if (launched.equals(classPath) || launched.startsWith(classPath + " ")) {
      command.addAll(List.of("-jar", classPath));
    } else {
      command.addAll(List.of("-cp", classPath, launched.split(" ", 2)[0]));
    }
    command.addAll(Arrays.asList(args));
    return command;
  }

  /**
   * JAVA_HOME's JDK, then PATH's java, if 21 or newer: the user chose those. Otherwise the newest 21+ under the
   * candidate globs, or null.
   */
  private static Jdk findNewer() {
    List<Path> chosen = new ArrayList<>();
    String javaHome = System.getenv("JAVA_HOME");
    if (javaHome != null && !javaHome.isBlank()) {
      chosen.add(Path.of(javaHome));
    }
    String path = System.getenv("PATH");
    for (String folder : path == null ? new String[0] : path.split(File.pathSeparator)) {
      Path java = Path.of(folder.isEmpty() ? "." : folder, "java");
      if (Files.isExecutable(java)) {
        try {
          chosen.add(java.toRealPath().getParent().getParent());
        } catch (IOException e) {
          // gone meanwhile: not a JDK to run on
        }
        break;
      }
    }
    for (Path home : chosen) {
      Jdk jdk = Jdk.at(home);
      if (jdk != null && jdk.version() >= NEEDED) {
        return jdk;
      }
    }
    Jdk best = null;
    for (String glob : candidates().trim().split("\\s+")) {
      for (Path home : expand(glob)) {
        Jdk jdk = Jdk.at(home);
        if (jdk != null && jdk.version() >= NEEDED && (best == null || jdk.version() > best.version())) {
          best = jdk;
        }
      }
    }
    return best;
  }

  private static String candidates() {
    String candidates = System.getenv(CANDIDATES_VARIABLE);
    return candidates == null || candidates.isBlank() ? DEFAULT_CANDIDATES : candidates;
  }

  /** The folders a glob such as {@code /usr/lib/jvm/*} names, by name; a wildcard only in the last part. */
  private static List<Path> expand(String glob) {
    List<Path> folders = new ArrayList<>();
    Path pattern = Path.of(glob);
    Path parent = pattern.getParent();
    if (parent == null || pattern.getFileName() == null || !Files.isDirectory(parent)) {
      return folders;
    }
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(parent, pattern.getFileName().toString())) {
      entries.forEach(folders::add);
    } catch (IOException e) {
      // an unreadable folder holds no JDK we could run
    }
    folders.sort(null);
    return folders;
  }

  private static void stop(Process child) {
    child.destroy();
    try {
      child.waitFor();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  /** A JDK or JRE home with a runnable java, and its feature version from its release file. */
  private record Jdk(Path home, int version) {
    static Jdk at(Path home) {
      if (!Files.isExecutable(home.resolve("bin").resolve("java"))) {
        return null;
      }
      try {
        for (String line : Files.readAllLines(home.resolve("release"))) {
          if (line.startsWith("JAVA_VERSION=")) {
            String version = line.substring("JAVA_VERSION=".length()).replace("\"", "");
            version = version.startsWith("1.") ? version.substring(2) : version;
            int end = 0;
            while (end < version.length() && Character.isDigit(version.charAt(end))) {
              end++;
            }
            return end == 0 ? null : new Jdk(home, Integer.parseInt(version.substring(0, end)));
          }
        }
      } catch (IOException e) {
        // no release file: not a JDK whose version we can tell without running it
      }
      return null;
    }
  }
}
