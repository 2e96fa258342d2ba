/**
 * The HTML report ({@code --report=FILE.html}): one self-contained page — inline CSS and inline SVG, no
 * script, no font or file from elsewhere — with charts of one run or of a series of runs, and a table of
 * their figures. {@link io.axle.perf.report.html.HtmlReport} is the entry point; the charts are drawn by
 * the small SVG code here rather than a library, so the page stays a single file readable offline.
 */
package io.axle.perf.report.html;
