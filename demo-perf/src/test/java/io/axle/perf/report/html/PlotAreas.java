package io.axle.perf.report.html;

import java.awt.Rectangle;
import java.awt.image.BufferedImage;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * Finds the charts' plot areas in a screenshot by their frame: a one-pixel rectangle of
 * {@link LineChart#FRAME_COLOUR}, {@link LineChart#PLOT_WIDTH} x {@link LineChart#PLOT_HEIGHT}, a colour
 * nothing else on the page uses. Returned in reading order (rows top to bottom, left to right in a row),
 * which is the order of the charts in the page.
 */
final class PlotAreas {
  private static final int TOLERANCE = 2;

  private PlotAreas() {
  }

  static List<Rectangle> find(BufferedImage image) {
    int frame = rgb(LineChart.FRAME_COLOUR);
    List<Rectangle> found = new ArrayList<>();
    for (int y = 0; y + LineChart.PLOT_HEIGHT - TOLERANCE <= image.getHeight(); y++) {
      int x = 0;
      while (x < image.getWidth()) {
        if (!matches(image.getRGB(x, y), frame, 10)) {
          x++;
          continue;
        }
        int start = x;
        while (x < image.getWidth() && matches(image.getRGB(x, y), frame, 10)) {
          x++;
        }
        int length = x - start;
        // A top edge: long enough, and a left edge going down from it (a bottom edge has none).
        if (Math.abs(length - LineChart.PLOT_WIDTH) <= TOLERANCE
            && verticalRun(image, start, y, frame) >= LineChart.PLOT_HEIGHT - TOLERANCE) {
          found.add(new Rectangle(start, y, length, verticalRun(image, start, y, frame)));
        }
      }
    }
    return readingOrder(found);
  }

  /** How many pixels of {@code colour}, within {@code tolerance} per channel, lie inside the frame. */
  static int count(BufferedImage image, Rectangle plot, String colour, int tolerance) {
    int rgb = rgb(colour);
    int count = 0;
    for (int y = plot.y + 1; y < plot.y + plot.height - 1; y++) {
      for (int x = plot.x + 1; x < plot.x + plot.width - 1; x++) {
        if (matches(image.getRGB(x, y), rgb, tolerance)) {
          count++;
        }
      }
    }
    return count;
  }

  static int rgb(String hex) {
    return Integer.parseInt(hex.substring(1), 16);
  }

  private static int verticalRun(BufferedImage image, int x, int y, int colour) {
    int end = y;
    while (end < image.getHeight() && matches(image.getRGB(x, end), colour, 10)) {
      end++;
    }
    return end - y;
  }

  private static List<Rectangle> readingOrder(List<Rectangle> plots) {
    List<Rectangle> byTop = new ArrayList<>(plots);
    byTop.sort(Comparator.comparingInt(r -> r.y));
    List<Rectangle> ordered = new ArrayList<>();
    List<Rectangle> row = new ArrayList<>();
    for (Rectangle plot : byTop) {
      // Charts side by side may sit a legend row apart; a new row starts half a plot lower.
      if (!row.isEmpty() && plot.y - row.get(0).y > LineChart.PLOT_HEIGHT / 2) {
        row.sort(Comparator.comparingInt(r -> r.x));
        ordered.addAll(row);
        row.clear();
      }
      row.add(plot);
    }
    row.sort(Comparator.comparingInt(r -> r.x));
    ordered.addAll(row);
    return ordered;
  }

  private static boolean matches(int argb, int rgb, int tolerance) {
    for (int shift = 0; shift <= 16; shift += 8) {
      if (Math.abs(((argb >> shift) & 0xff) - ((rgb >> shift) & 0xff)) > tolerance) {
        return false;
      }
    }
    return true;
  }
}
