/**
 * The results of a perf run and their renderings: the per-window line and the end-of-run summary for
 * people, and the JSON document for scripts and charts ({@code --json=FILE}).
 */
package io.axle.perf.report;
