package io.axle.perf.report.html;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * One line chart as inline SVG: a plot area of a fixed pixel size ({@link #PLOT_WIDTH} x
 * {@link #PLOT_HEIGHT}) with gridlines, ticks and labels on both axes, a legend above it and one polyline
 * (with a dot per point) per series, or dots alone for a series that marks points of another's line. The y
 * axis starts at 0, so heights compare honestly; charts drawn as panels of one figure share a {@link Scale}, so
 * heights compare across them too. The fixed size and the plot's frame colour let a test find every plot area
 * in a screenshot.
 */
final class LineChart {
  static final int PLOT_WIDTH = 480;
  static final int PLOT_HEIGHT = 240;
  /** The plot area's border, drawn last and crisp: nothing else on the page has this colour. */
  static final String FRAME_COLOUR = "#4a5366";
  static final String PLOT_BACKGROUND = "#fbfcfe";

  private static final int LEFT = 64;
  private static final int RIGHT = 20;
  private static final int BOTTOM = 46;
  private static final int LEGEND_ROW = 18;
  private static final int WIDTH = LEFT + PLOT_WIDTH + RIGHT;
  /** Dots only while they do not crowd the line. */
  private static final int MAX_DOTS = 60;

  /** How a series is drawn. */
  enum Stroke {
    SOLID,
    /** A second line of one colour (a run's producer beside its consumer). */
    DASHED,
    /** Dots alone, larger than a line's: what became of some points of another series' line (a walk's kept steps). */
    MARKS
  }

  /** A series: (x, y) pairs in the axes' units, its colour, and how it is drawn. */
  record Series(String name, String colour, List<double[]> points, Stroke stroke) {
    Series(String name, String colour, List<double[]> points) {
      this(name, colour, points, Stroke.SOLID);
    }
  }

  private final String id;
  private final XAxis x;
  private final String yTitle;

  /** @param id the SVG element's id, unique in the page */
  LineChart(String id, XAxis x, String yTitle) {
    this.id = id;
    this.x = x;
    this.yTitle = yTitle;
  }

  /** The chart with a y axis up to its own highest point. */
  String svg(List<Series> series) {
    return svg(series, Scale.upTo(highest(series)));
  }

  /** The chart on a given y axis: panels of one figure share one, so that a height means the same in each. */
  String svg(List<Series> series, Scale y) {
    List<String> legend = legendRows(series);
    int top = 10 + legend.size() * LEGEND_ROW;
    int height = top + PLOT_HEIGHT + BOTTOM;

    StringBuilder svg = new StringBuilder();
    svg.append(String.format(Locale.ROOT, "<svg xmlns=\"http://www.w3.org/2000/svg\" id=\"%s\" class=\"chart\" "
        + "width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\" role=\"img\">%n", Xml.escape(id), WIDTH, height, WIDTH,
        height));
    svg.append(String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"%s\"/>%n",
        LEFT, top, PLOT_WIDTH, PLOT_HEIGHT, PLOT_BACKGROUND));
    for (int i = 0; i < legend.size(); i++) {
      svg.append(legend.get(i).replace("{y}", Integer.toString(12 + i * LEGEND_ROW)));
    }
    yAxis(svg, y, top);
    xAxis(svg, top);
    for (Series s : series) {
      line(svg, s, y, top);
    }
    // The frame last, so no line covers it; crispEdges keeps it exactly one pixel of exactly its colour.
    svg.append(String.format(Locale.ROOT, "<rect class=\"plot\" x=\"%.1f\" y=\"%.1f\" width=\"%d\" height=\"%d\" "
        + "fill=\"none\" stroke=\"%s\" stroke-width=\"1\" shape-rendering=\"crispEdges\"/>%n", LEFT + 0.5, top + 0.5,
        PLOT_WIDTH - 1, PLOT_HEIGHT - 1, FRAME_COLOUR));
    return svg.append("</svg>\n").toString();
  }

  /** The highest finite y of any point. */
  static double highest(List<Series> series) {
    double max = 0;
    for (Series s : series) {
      for (double[] p : s.points()) {
        if (Double.isFinite(p[1])) {
          max = Math.max(max, p[1]);
        }
      }
    }
    return max;
  }

  /** Legend entries flowed into rows across the chart's width; each row's y is left as {@code {y}}. */
  private static List<String> legendRows(List<Series> series) {
    List<String> rows = new ArrayList<>();
    StringBuilder row = new StringBuilder();
    int cursor = LEFT;
    for (Series s : series) {
      int width = 26 + 7 * s.name().length();
      if (cursor > LEFT && cursor + width > WIDTH) {
        rows.add(row.toString());
        row.setLength(0);
        cursor = LEFT;
      }
      String swatch = s.stroke() == Stroke.MARKS
          ? String.format(Locale.ROOT, "<circle class=\"swatch\" cx=\"%d\" cy=\"{y}\" r=\"5\" fill=\"%s\" "
              + "transform=\"translate(0 2)\"/>", cursor + 7, s.colour())
          : String.format(Locale.ROOT, "<rect class=\"swatch\" x=\"%d\" y=\"{y}\" width=\"14\" height=\"4\" "
              + "fill=\"%s\"/>", cursor, s.colour());
      row.append(swatch).append(String.format(Locale.ROOT, "<text x=\"%d\" y=\"{y}\" dy=\"5\" class=\"legend\">%s"
          + "</text>%n", cursor + 19, Xml.escape(s.name())));
      cursor += width;
    }
    if (row.length() > 0) {
      rows.add(row.toString());
    }
    return rows;
  }

  private void yAxis(StringBuilder svg, Scale y, int top) {
    for (double tick : y.ticks()) {
      double py = yPixel(tick, y, top);
      svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\"/>"
              + "<text class=\"tick\" x=\"%d\" y=\"%.1f\" dy=\"4\" text-anchor=\"end\">%s</text>%n", LEFT - 4, py,
          LEFT + PLOT_WIDTH, py, LEFT - 7, py, Human.tick(tick, y.step())));
    }
    svg.append(String.format(Locale.ROOT, "<text class=\"title\" transform=\"translate(14 %d) rotate(-90)\" "
        + "text-anchor=\"middle\">%s</text>%n", top + PLOT_HEIGHT / 2, Xml.escape(yTitle)));
  }

  private void xAxis(StringBuilder svg, int top) {
    int bottom = top + PLOT_HEIGHT;
    for (XAxis.Tick tick : x.ticks()) {
      double px = xPixel(tick.at());
      svg.append(String.format(Locale.ROOT, "<line class=\"grid\" x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\"/>"
              + "<text class=\"tick\" x=\"%.1f\" y=\"%d\" text-anchor=\"middle\">%s</text>%n", px, top, px, bottom + 4,
          px, bottom + 17, Xml.escape(tick.label())));
    }
    svg.append(String.format(Locale.ROOT, "<text class=\"title\" x=\"%d\" y=\"%d\" text-anchor=\"middle\">%s</text>%n",
        LEFT + PLOT_WIDTH / 2, bottom + 38, Xml.escape(x.title())));
  }

  private void line(StringBuilder svg, Series s, Scale y, int top) {
    boolean marks = s.stroke() == Stroke.MARKS;
    StringBuilder points = new StringBuilder();
    StringBuilder dots = new StringBuilder();
    for (double[] p : s.points()) {
      if (!Double.isFinite(p[1])) {
        continue; // a gap in the data is not a zero
      }
      double px = xPixel(p[0]);
      double py = yPixel(p[1], y, top);
      points.append(String.format(Locale.ROOT, "%.1f,%.1f ", px, py));
      if (marks || s.points().size() <= MAX_DOTS) {
        // A mark's white ring keeps it apart from the line's own dot under it.
        dots.append(String.format(Locale.ROOT, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%d\" fill=\"%s\"%s/>", px, py,
            marks ? 6 : 3, s.colour(), marks ? " stroke=\"#ffffff\" stroke-width=\"1.5\"" : ""));
      }
    }
    String polyline = marks ? "" : String.format(Locale.ROOT, "<polyline points=\"%s\" fill=\"none\" stroke=\"%s\" "
        + "stroke-width=\"2.5\" stroke-linejoin=\"round\"%s/>", points.toString().trim(), s.colour(),
        s.stroke() == Stroke.DASHED ? " stroke-dasharray=\"6 4\"" : "");
    svg.append(String.format(Locale.ROOT, "<g class=\"series\" data-name=\"%s\" data-stroke=\"%s\">%s%s</g>%n",
        Xml.escape(s.name()), s.stroke().name().toLowerCase(Locale.ROOT), polyline, dots));
  }

  private double xPixel(double value) {
    return LEFT + x.fraction(value) * PLOT_WIDTH;
  }

  private static double yPixel(double value, Scale y, int top) {
    return top + PLOT_HEIGHT - Math.max(0, Math.min(1, value / y.max())) * PLOT_HEIGHT;
  }
}
