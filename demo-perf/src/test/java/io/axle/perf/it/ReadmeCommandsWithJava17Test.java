package io.axle.perf.it;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The README's two commands on a machine whose default {@code java} is 17 with a newer JDK beside it:
 * {@code ./mvnw} runs Maven on the newer JDK (.mvn/find-jdk.sh) and {@code java -jar perf.jar} runs the demo on it
 * (PerfLauncher), each saying so in one line; with no newer JDK to be found, each stops at once saying what it
 * found, what it needs and what to set. "Beside it" is the folder of the JDK running these tests, given as
 * JDK_CANDIDATES_FOR_TESTS (the search's test-only override; by default /usr/lib/jvm/*, /opt/java/*, /opt/jdk*).
 * The demo runs in those processes, not in this JVM: there are no books to keep ({@link io.axle.perf.PerfBooks}).
 */
@Tag("slow")
class ReadmeCommandsWithJava17Test {
  private static final Pattern REEXECUTED = Pattern.compile(
      "perf\\.jar: this is Java 17 \\(.+\\); running it on Java (\\d+) at (.+) \\(perf\\.jar needs 21 or newer; "
          + "set JAVA_HOME to choose\\)");
  private static final Pattern READY =
      Pattern.compile("perf producer ready: highway://127\\.0\\.0\\.1:\\d+ rest://127\\.0\\.0\\.1:\\d+ .*");
  private static final Pattern MAVEN_JAVA = Pattern.compile("(?m)^Java version: (\\d+)");
  private static final Duration WAIT = Duration.ofSeconds(60);

  private static Path jar;
  private static Path jdk17;
  private static Path repository;

  @BeforeAll
  static void findJdk17() throws IOException {
    jar = Path.of(System.getProperty("perf.jar", "target/perf.jar")).toAbsolutePath();
    assertThat(jar).as("perf.jar, built by package").isRegularFile();
    repository = Path.of("..").toAbsolutePath().normalize();
    jdk17 = jdk17();
    assumeTrue(jdk17 != null, "no JDK 17 under /usr/lib/jvm: these tests need one to stand for the old default java");
  }

  @Test
  void perfJarUnderJava17_runsTheDemoOnAJdk21OrNewer_withItsArguments() throws Exception {
    try (JavaProcess perf = JavaProcess.start(List.of(java17(), "-jar", jar.toString(), "--help"),
        java17OnPath(besideTheTestJdk()), List.of("JAVA_HOME", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS"))) {
      assertThat(perf.awaitExit(WAIT)).as("exit; output:%n%s", perf.output()).contains(0);

      assertReexecutedOnJava21OrNewer(perf.output());
      assertThat(perf.output()).contains("usage: java -jar perf.jar [-c | --loopback | --proxy] [--key=value ...]");
    }
  }

  /** A -D key reaches the demo only if the JVM options went along; its exit status 2 comes back through. */
  @Test
  void perfJarUnderJava17_passesItsJvmOptionsOn_andExitsWithTheDemosStatus() throws Exception {
    try (JavaProcess perf = JavaProcess.start(
        List.of(java17(), "-Daxle.highway.max-frame-size=70000000", "-jar", jar.toString()),
        java17OnPath(besideTheTestJdk()), List.of("JAVA_HOME", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS"))) {
      assertThat(perf.awaitExit(WAIT)).as("exit; output:%n%s", perf.output()).contains(2);

      assertReexecutedOnJava21OrNewer(perf.output());
      assertThat(perf.output().lines()).contains("Invalid configuration:")
          .anySatisfy(line -> assertThat(line)
              .startsWith("  axle.highway.max-frame-size: 70000000 (expected: an integer in [1024, 67108864]) — from ")
              .doesNotContain("commandLineArgs"));
    }
  }

  /** As an operator stops a producer: SIGTERM to the java they started, which stops the demo gracefully. */
  @Test
  void perfJarUnderJava17_stoppedWithSigterm_stopsTheDemoItRan() throws Exception {
    try (JavaProcess producer = JavaProcess.start(List.of(java17(), "-jar", jar.toString(),
            "--axle.highway.address=127.0.0.1:0", "--axle.rest.address=127.0.0.1:0", "--baseline.address=127.0.0.1:0",
            "--baseline.rest-address=127.0.0.1:0"),
        java17OnPath(besideTheTestJdk()), List.of("JAVA_HOME", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS"))) {
      assertThat(producer.awaitLine(READY.asMatchPredicate(), WAIT)).as("ready line; output:%n%s", producer.output())
          .isPresent();
      List<ProcessHandle> demo = producer.descendants();
      assertThat(demo).as("the JVM running the demo").isNotEmpty();

      producer.terminate();

      assertThat(producer.awaitExit(WAIT)).as("exit; output:%n%s", producer.output()).isPresent();
      assertThat(producer.output()).contains("Axle service 'perf1' stopped");
      assertThat(demo).noneMatch(ProcessHandle::isAlive);
    }
  }

  @Test
  void perfJarUnderJava17_withNoNewerJdk_saysWhatItNeeds_andExits1(@TempDir Path noJdks) throws Exception {
    // PATH holds only JDK 17's bin: the java on PATH is 17 whatever else this machine has.
    try (JavaProcess perf = JavaProcess.start(List.of(java17(), "-jar", jar.toString(), "--help"),
        Map.of("PATH", jdk17.resolve("bin").toString(), "JDK_CANDIDATES_FOR_TESTS", noJdks + "/*"),
        List.of("JAVA_HOME", "JDK_JAVA_OPTIONS", "JAVA_TOOL_OPTIONS"))) {
      assertThat(perf.awaitExit(WAIT)).as("exit; output:%n%s", perf.output()).contains(1);

      assertThat(perf.output().lines()).containsExactly("perf.jar needs Java 21 or newer; this is Java 17 ("
          + jdk17.toRealPath() + "), and there is none in JAVA_HOME, on PATH or under " + noJdks + "/* (expected: "
          + "JAVA_HOME pointing at a JDK >= 21, or java 21+ on PATH)");
    }
  }

  @Test
  void mvnwUnderJava17_runsMavenOnAJdk21OrNewer_sayingWhich() throws Exception {
    try (JavaProcess mvnw = JavaProcess.start(List.of(repository.resolve("mvnw").toString(), "--version"),
        java17OnPath(besideTheTestJdk()), List.of("JAVA_HOME"))) {
      assertThat(mvnw.awaitExit(WAIT)).as("exit; output:%n%s", mvnw.output()).contains(0);

      Matcher picked = Pattern.compile("(?m)^mvnw: java on PATH is Java 17 \\(.+\\); using Java (\\d+) at (.+) "
          + "\\(Axle needs 21 or newer; set JAVA_HOME to choose\\)$").matcher(mvnw.output());
      assertThat(picked.find()).as("the line saying which JDK; output:%n%s", mvnw.output()).isTrue();
      Matcher maven = MAVEN_JAVA.matcher(mvnw.output());
      assertThat(maven.find()).as("Maven's Java version; output:%n%s", mvnw.output()).isTrue();
      assertThat(Integer.parseInt(maven.group(1))).isGreaterThanOrEqualTo(21).isEqualTo(Integer.parseInt(picked.group(1)));
      assertThat(mvnw.output()).contains("runtime: " + picked.group(2));
    }
  }

  @Test
  void mvnwUnderJava17_withNoNewerJdk_stopsBeforeMaven_sayingWhatToSet(@TempDir Path noJdks) throws Exception {
    try (JavaProcess mvnw = JavaProcess.start(List.of(repository.resolve("mvnw").toString(), "--version"),
        java17OnPath(noJdks + "/*"), List.of("JAVA_HOME"))) {
      assertThat(mvnw.awaitExit(WAIT)).as("exit; output:%n%s", mvnw.output()).contains(1);

      assertThat(mvnw.output().lines()).containsExactly("mvnw: Axle needs a JDK 21 or newer; java on PATH is Java 17 ("
          + jdk17.toRealPath() + "), and no JDK 21 or newer is under " + noJdks + "/* (expected: JAVA_HOME pointing at "
          + "a JDK >= 21, e.g. export JAVA_HOME=/usr/lib/jvm/<jdk-21-or-newer>)");
    }
  }

  private static void assertReexecutedOnJava21OrNewer(String output) {
    Matcher line = REEXECUTED.matcher(output.lines().findFirst().orElse(""));
    assertThat(line.matches()).as("first line says which JDK runs it; output:%n%s", output).isTrue();
    assertThat(Integer.parseInt(line.group(1))).isGreaterThanOrEqualTo(21);
  }

  private static String java17() {
    return jdk17.resolve("bin").resolve("java").toString();
  }

  /** JDK 17's java first on PATH, and where the search for a newer one looks. */
  private static Map<String, String> java17OnPath(String candidates) {
    return Map.of("PATH", jdk17.resolve("bin") + ":" + System.getenv("PATH"), "JDK_CANDIDATES_FOR_TESTS", candidates);
  }

  /** The folder of the JDK running these tests (21 or newer), as a glob of its JDKs: /usr/lib/jvm/* here. */
  private static String besideTheTestJdk() {
    return Path.of(System.getProperty("java.home")).getParent() + "/*";
  }

  private static Path jdk17() throws IOException {
    Path jvms = Path.of("/usr/lib/jvm");
    if (!Files.isDirectory(jvms)) {
      return null;
    }
    List<Path> homes = new ArrayList<>();
    try (DirectoryStream<Path> entries = Files.newDirectoryStream(jvms)) {
      entries.forEach(homes::add);
    }
    homes.sort(null);
    for (Path home : homes) {
      Path release = home.resolve("release");
      if (Files.isExecutable(home.resolve("bin/java")) && Files.isReadable(release)
          && Files.readAllLines(release).stream().anyMatch(line -> line.startsWith("JAVA_VERSION=\"17"))) {
        return home;
      }
    }
    return null;
  }
}
