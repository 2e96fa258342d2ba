/**
 * The results of a perf run and their renderings: the per-window line and the end-of-run summary for
 * people, the JSON document for scripts ({@code --json=FILE}), and in {@code html} the HTML page with
 * charts ({@code --report=FILE.html}).
 */
package io.axle.perf.report;
