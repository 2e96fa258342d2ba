/**
 * Runs of several consumer runs, each with its own application context and a fresh window: a sweep over
 * the values of one key, a knee search for the highest open-loop rate within a P999 target, and the
 * long-tail comparison; a table and one JSON document of all the runs at the end.
 */
package io.axle.perf.series;
