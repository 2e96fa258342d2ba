package io.axle.metrics;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;

/** The live dashboard: one self-contained page (its script and styles inline, nothing fetched from elsewhere). */
final class DashboardPage {
  private static final String RESOURCE = "dashboard.html";

  private DashboardPage() {
  }

  static byte[] bytes() {
    try (InputStream in = DashboardPage.class.getResourceAsStream(RESOURCE)) {
      if (in == null) {
        throw new IllegalStateException("the dashboard page " + RESOURCE + " is missing from axle-metrics");
      }
      return in.readAllBytes();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
