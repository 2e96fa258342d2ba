package io.axle.perf.report.html;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.xml.parsers.DocumentBuilderFactory;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;

/** A report page parsed as XML (it is well-formed XHTML): its charts, their series' colours, its table. */
record ReportPage(Document document) {

  static ReportPage parse(String html) throws Exception {
    DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
    factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", false);
    factory.setFeature("http://apache.org/xml/features/nonvalidating/load-external-dtd", false);
    return new ReportPage(factory.newDocumentBuilder()
        .parse(new ByteArrayInputStream(html.getBytes(StandardCharsets.UTF_8))));
  }

  /** Chart id to the stroke colours of its lines, in page order. */
  Map<String, List<String>> charts() {
    Map<String, List<String>> charts = new LinkedHashMap<>();
    NodeList svgs = document.getElementsByTagName("svg");
    for (int i = 0; i < svgs.getLength(); i++) {
      Element svg = (Element) svgs.item(i);
      List<String> colours = new ArrayList<>();
      NodeList lines = svg.getElementsByTagName("polyline");
      for (int j = 0; j < lines.getLength(); j++) {
        colours.add(((Element) lines.item(j)).getAttribute("stroke"));
      }
      charts.put(svg.getAttribute("id"), colours);
    }
    return charts;
  }

  /** Whether each line of a chart is dashed, in page order. */
  List<Boolean> dashed(String chartId) {
    List<Boolean> dashed = new ArrayList<>();
    NodeList lines = byId(chartId).getElementsByTagName("polyline");
    for (int j = 0; j < lines.getLength(); j++) {
      dashed.add(((Element) lines.item(j)).hasAttribute("stroke-dasharray"));
    }
    return dashed;
  }

  /** The names of a chart's series (lines and marks), in page order. */
  List<String> series(String chartId) {
    return seriesAttribute(chartId, "data-name");
  }

  /** How each series of a chart is drawn ({@code solid}, {@code dashed}, {@code marks}), in page order. */
  List<String> strokes(String chartId) {
    return seriesAttribute(chartId, "data-stroke");
  }

  /** The labels of a chart's y axis, bottom up (the x axis's are centred under their ticks). */
  List<String> yTicks(String chartId) {
    List<String> ticks = new ArrayList<>();
    NodeList texts = byId(chartId).getElementsByTagName("text");
    for (int i = 0; i < texts.getLength(); i++) {
      Element text = (Element) texts.item(i);
      if ("tick".equals(text.getAttribute("class")) && "end".equals(text.getAttribute("text-anchor"))) {
        ticks.add(text.getTextContent());
      }
    }
    return ticks;
  }

  /** The x of each dot of a chart's series {@code name}: where its points, or its marks, sit. */
  List<String> dotXs(String chartId, String name) {
    NodeList groups = byId(chartId).getElementsByTagName("g");
    for (int i = 0; i < groups.getLength(); i++) {
      Element group = (Element) groups.item(i);
      if ("series".equals(group.getAttribute("class")) && name.equals(group.getAttribute("data-name"))) {
        List<String> xs = new ArrayList<>();
        NodeList dots = group.getElementsByTagName("circle");
        for (int j = 0; j < dots.getLength(); j++) {
          xs.add(((Element) dots.item(j)).getAttribute("cx"));
        }
        return xs;
      }
    }
    throw new AssertionError("no series " + name + " in " + chartId);
  }

  private List<String> seriesAttribute(String chartId, String attribute) {
    List<String> values = new ArrayList<>();
    NodeList groups = byId(chartId).getElementsByTagName("g");
    for (int i = 0; i < groups.getLength(); i++) {
      Element group = (Element) groups.item(i);
      if ("series".equals(group.getAttribute("class"))) {
        values.add(group.getAttribute(attribute));
      }
    }
    return values;
  }

  /** The points of each line of a chart, e.g. to check that a series has one point per window. */
  List<Integer> pointCounts(String chartId) {
    List<Integer> counts = new ArrayList<>();
    NodeList lines = byId(chartId).getElementsByTagName("polyline");
    for (int j = 0; j < lines.getLength(); j++) {
      String points = ((Element) lines.item(j)).getAttribute("points").trim();
      counts.add(points.isEmpty() ? 0 : points.split("\\s+").length);
    }
    return counts;
  }

  /** The headers of the runs' table. */
  List<String> tableHeaders() {
    return tableHeaders("runs");
  }

  /** The headers of the table {@code id}. */
  List<String> tableHeaders(String id) {
    List<String> texts = new ArrayList<>();
    NodeList nodes = byId(id).getElementsByTagName("th");
    for (int i = 0; i < nodes.getLength(); i++) {
      texts.add(nodes.item(i).getTextContent());
    }
    return texts;
  }

  /** The cells of the runs' table, row by row. */
  List<List<String>> tableRows() {
    return tableRows("runs");
  }

  /** The cells of the table {@code id}'s rows, row by row. */
  List<List<String>> tableRows(String id) {
    List<List<String>> rows = new ArrayList<>();
    NodeList trs = byId(id).getElementsByTagName("tbody").item(0).getChildNodes();
    for (int i = 0; i < trs.getLength(); i++) {
      if (trs.item(i) instanceof Element tr) {
        List<String> cells = new ArrayList<>();
        NodeList tds = tr.getElementsByTagName("td");
        for (int j = 0; j < tds.getLength(); j++) {
          cells.add(tds.item(j).getTextContent());
        }
        rows.add(cells);
      }
    }
    return rows;
  }

  List<String> texts(String tag) {
    List<String> texts = new ArrayList<>();
    NodeList nodes = document.getElementsByTagName(tag);
    for (int i = 0; i < nodes.getLength(); i++) {
      texts.add(nodes.item(i).getTextContent());
    }
    return texts;
  }

  /** Without a DTD, DOM does not know that {@code id} is an id; look it up by hand. */
  private Element byId(String id) {
    NodeList all = document.getElementsByTagName("*");
    for (int i = 0; i < all.getLength(); i++) {
      Element element = (Element) all.item(i);
      if (id.equals(element.getAttribute("id"))) {
        return element;
      }
    }
    throw new AssertionError("no element with id " + id);
  }
}
