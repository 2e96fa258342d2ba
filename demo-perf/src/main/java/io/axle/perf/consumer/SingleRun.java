package io.axle.perf.consumer;

import io.axle.perf.PerfApplication;
import io.axle.perf.series.RunLauncher;
import io.axle.perf.PerfOutput;
import io.axle.perf.Role;
import io.axle.perf.StopSignal;
import io.axle.perf.report.RunResult;
import org.springframework.boot.SpringApplication;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * One consumer run as its own application context, for runners that chain several (a sweep's steps, a
 * knee search): each run starts a fresh runtime with its own arguments, so a swept {@code axle.*} key
 * (say the client's thread count) really changes between steps, and a {@code --loopback} run starts a
 * fresh producer with the step's keys.
 */
public final class SingleRun {

  private SingleRun() {
  }

  /** A {@link RunLauncher}: the series' steps each run in a fresh Spring application. */
  public static RunLauncher.Outcome run(Role role, String[] args, PerfOutput output, StopSignal stop) {
    ConfigurableApplicationContext context = PerfApplication.create(role, output, stop).run(args);
    RunResult result = context.getBean(ConsumerRunner.class).result();
    int status = SpringApplication.exit(context);
    return new RunLauncher.Outcome(status, result);
  }
}
