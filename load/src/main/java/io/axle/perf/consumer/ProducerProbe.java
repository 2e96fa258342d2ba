package io.axle.perf.consumer;

import io.axle.perf.PerfService;
import io.axle.perf.StopSignal;
import java.io.PrintStream;
import java.time.Duration;

/**
 * Waits for the producer to answer before load starts, so that producer and consumer can be started
 * in either order (as in the article, on two machines) and start-up time is not measured as errors.
 */
final class ProducerProbe {
  static final Duration RETRY_INTERVAL = Duration.ofMillis(200);

  private final PerfService service;
  private final String target;
  private final PrintStream out;
  private final StopSignal stop;

  /** @param target where {@code perf1} is expected, for the messages */
  ProducerProbe(PerfService service, String target, PrintStream out, StopSignal stop) {
    this.service = service;
    this.target = target;
    this.out = out;
    this.stop = stop;
  }

  /**
   * Returns once an echo succeeds.
   *
   * @throws ProducerUnavailableException when none did within {@code timeout}, or a stop was requested
   */
  void awaitAnswer(Duration timeout) throws ProducerUnavailableException, InterruptedException {
    long deadline = System.nanoTime() + timeout.toNanos();
    boolean announced = false;
    while (true) {
      RuntimeException failure;
      try {
        service.echo("ping");
        return;
      } catch (RuntimeException e) {
        failure = e;
      }
      if (!announced) {
        // One line, not one per attempt: the retries are expected while the producer starts.
        out.println("waiting for " + PerfService.SERVICE_NAME + " at " + target + " ...");
        announced = true;
      }
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new ProducerUnavailableException(PerfService.SERVICE_NAME + " did not answer at " + target
            + " within " + timeout.toSeconds() + " s (last error: " + ErrorLog.describe(failure)
            + "); start the producer first (java -jar perf.jar), or run both with java -jar perf.jar --loopback");
      }
      if (stop.await(Math.min(left, RETRY_INTERVAL.toNanos()))) {
        throw new ProducerUnavailableException("stopped while waiting for " + PerfService.SERVICE_NAME + " at "
            + target);
      }
    }
  }

  /** The producer never answered: the run cannot start. */
  static final class ProducerUnavailableException extends Exception {
    private static final long serialVersionUID = 1L;

    ProducerUnavailableException(String message) {
      super(message);
    }
  }
}
