package io.axle.perf.series;

import io.axle.perf.PerfOutput;
import io.axle.perf.Role;
import io.axle.perf.StopSignal;
import io.axle.perf.report.RunResult;

/**
 * Runs one whole consumer run with the given arguments: how a series starts each of its steps. The
 * application around the load tool supplies it (perf.jar: a fresh Spring application per run), so
 * the load tool itself needs no container.
 */
@FunctionalInterface
public interface RunLauncher {
  Outcome run(Role role, String[] args, PerfOutput output, StopSignal stop);

  /** How a run ended: its exit status, and its result (null if it never measured). */
  record Outcome(int status, RunResult result) {
  }
}
