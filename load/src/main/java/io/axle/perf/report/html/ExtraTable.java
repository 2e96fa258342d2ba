package io.axle.perf.report.html;

import java.util.List;

/**
 * A table a series adds to its page under its own heading, e.g. a comparison's ratios pair by pair: plain
 * text cells, the first column left-aligned (a label), the others right-aligned (figures).
 *
 * @param id the table's {@code id} in the page
 * @param caption its heading
 * @param headers one per column
 * @param rows each as many cells as there are headers
 */
public record ExtraTable(String id, String caption, List<String> headers, List<List<String>> rows) {

  public ExtraTable {
    headers = List.copyOf(headers);
    rows = rows.stream().map(List::copyOf).toList();
    for (List<String> row : rows) {
      if (row.size() != headers.size()) {
        throw new IllegalArgumentException("row " + row + " of table " + id + ": " + row.size() + " cells (expected: "
            + headers.size() + ", one per header " + headers + ")");
      }
    }
  }

  void append(StringBuilder page) {
    page.append("<h2>").append(Xml.escape(caption)).append("</h2>\n<table id=\"").append(Xml.escape(id))
        .append("\">\n<thead><tr>");
    for (int i = 0; i < headers.size(); i++) {
      page.append(i == 0 ? "<th class=\"text\">" : "<th>").append(Xml.escape(headers.get(i))).append("</th>");
    }
    page.append("</tr></thead>\n<tbody>\n");
    for (List<String> row : rows) {
      page.append("<tr>");
      for (int i = 0; i < row.size(); i++) {
        page.append(i == 0 ? "<td class=\"text\">" : "<td>").append(Xml.escape(row.get(i))).append("</td>");
      }
      page.append("</tr>\n");
    }
    page.append("</tbody>\n</table>\n");
  }
}
