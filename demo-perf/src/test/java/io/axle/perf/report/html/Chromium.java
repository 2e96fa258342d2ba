package io.axle.perf.report.html;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;

/**
 * Headless Chromium (Debian's {@code chromium}) taking a screenshot of a page. Missing locally, the tests
 * that need it are skipped with a message saying how to get it; missing on CI ({@code CI=true}), they
 * fail, because {@code .ci/run} installs it and a silent skip would hide that the charts went unchecked.
 */
final class Chromium {
  private static final List<String> NAMES = List.of("chromium", "chromium-browser", "google-chrome");

  private final Path executable;

  private Chromium(Path executable) {
    this.executable = executable;
  }

  /** The browser on the PATH; skips (or on CI fails) the calling test when there is none. */
  static Chromium required() {
    for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
      for (String name : NAMES) {
        Path candidate = Path.of(dir, name);
        if (Files.isExecutable(candidate)) {
          return new Chromium(candidate);
        }
      }
    }
    String message = "chromium: not found on PATH (expected: Debian's chromium, `apt-get install -y chromium`;"
        + " .ci/run installs it)";
    if ("true".equalsIgnoreCase(System.getenv("CI"))) {
      fail(message + " — CI=true, so the HTML report's charts must be checked, not skipped");
    }
    Assumptions.abort(message);
    throw new AssertionError("unreachable");
  }

  /**
   * Renders {@code page} at one CSS pixel per image pixel into {@code png}, with a profile of its own under
   * {@code workDir} so that parallel or leftover browsers do not collide.
   */
  void screenshot(Path page, Path png, int width, int height, Path workDir) throws IOException, InterruptedException {
    capture(page.toAbsolutePath().toUri().toString(), List.of(), png, width, height, workDir);
  }

  /**
   * A live page's screenshot: like {@link #dumpDom}, its scripts run for {@code virtualTimeBudgetMs} of virtual time
   * with nothing but loopback reachable, then the page is rendered as {@link #screenshot(Path, Path, int, int, Path)}
   * renders a file.
   */
  void screenshot(String url, int virtualTimeBudgetMs, Path png, int width, int height, Path workDir)
      throws IOException, InterruptedException {
    capture(url, List.of("--proxy-server=http://127.0.0.1:9", "--virtual-time-budget=" + virtualTimeBudgetMs), png,
        width, height, workDir);
  }

  private void capture(String url, List<String> flags, Path png, int width, int height, Path workDir)
      throws IOException, InterruptedException {
    Files.createDirectories(workDir);
    Files.deleteIfExists(png);
    Path log = workDir.resolve("chromium.log");
    List<String> command = new ArrayList<>(List.of(executable.toString(), "--headless", "--no-sandbox",
        "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1", "--no-first-run",
        "--user-data-dir=" + workDir.resolve("profile").toAbsolutePath()));
    command.addAll(flags);
    command.addAll(List.of("--screenshot=" + png.toAbsolutePath(), "--window-size=" + width + "," + height, url));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
    if (!process.waitFor(90, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      fail("chromium did not finish a screenshot of " + url + " within 90 s; its output: " + Files.readString(log));
    }
    if (process.exitValue() != 0 || !Files.isRegularFile(png)) {
      fail("chromium exited with " + process.exitValue() + " and " + (Files.isRegularFile(png) ? "" : "no ")
          + "screenshot " + png + "; its output: " + Files.readString(log));
    }
  }

  /**
   * Loads {@code url}, lets its scripts run for {@code virtualTimeBudgetMs} of the page's virtual time (timers
   * fire; fetches run for real), and returns the DOM as it then stands. Nothing but loopback is reachable: a
   * proxy that does not exist stands in for the network, so a page that needs the internet shows it.
   */
  String dumpDom(String url, int virtualTimeBudgetMs, Path workDir) throws IOException, InterruptedException {
    Files.createDirectories(workDir);
    Path log = workDir.resolve("chromium-dom.log");
    Path dom = workDir.resolve("dom.html");
    Process process = new ProcessBuilder(executable.toString(), "--headless", "--no-sandbox", "--disable-gpu",
        "--no-first-run", "--user-data-dir=" + workDir.resolve("profile").toAbsolutePath(),
        "--proxy-server=http://127.0.0.1:9", "--virtual-time-budget=" + virtualTimeBudgetMs, "--dump-dom", url)
        .redirectError(log.toFile()).redirectOutput(dom.toFile()).start();
    if (!process.waitFor(90, TimeUnit.SECONDS)) {
      process.destroyForcibly();
      fail("chromium did not dump the DOM of " + url + " within 90 s; its output: " + Files.readString(log));
    }
    if (process.exitValue() != 0) {
      fail("chromium exited with " + process.exitValue() + " dumping " + url + "; its output: " + Files.readString(log));
    }
    return Files.readString(dom);
  }
}
