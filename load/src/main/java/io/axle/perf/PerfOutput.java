package io.axle.perf;

import java.io.PrintStream;

/**
 * Where the demo prints: the ready line, the windows and the summary to {@code out}, problems to
 * {@code err}. A bean, so that {@link PerfMain#run} can hand the application the streams a test captures
 * instead of {@code System.out}.
 */
public record PerfOutput(PrintStream out, PrintStream err) {
}
