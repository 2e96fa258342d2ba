package io.axle.perf.consumer;

import io.axle.perf.PerfKeys;
import io.axle.perf.PerfService;
import io.axle.perf.PerfServiceAsync;
import io.axle.perf.StopSignal;
import io.axle.perf.report.TextReport;
import java.io.PrintStream;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits for the producer to answer before load starts, so that producer and consumer can be started
 * in either order (as in the article, on two machines) and start-up time is not measured as errors. The
 * wait is bounded whatever the address holds: each try is an asynchronous echo waited for no longer than
 * what is left of {@code producer.wait}, so a port that accepts and never answers (a hung producer, another
 * service) fails the run in time as a closed one does.
 */
final class ProducerProbe {
  static final Duration RETRY_INTERVAL = Duration.ofMillis(200);

  private final PerfServiceAsync service;
  private final String target;
  private final PrintStream out;
  private final StopSignal stop;

  /** @param target where {@code perf1} is expected, for the messages */
  ProducerProbe(PerfServiceAsync service, String target, PrintStream out, StopSignal stop) {
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
      Throwable failure;
      long tryFor = deadline - System.nanoTime();
      CompletableFuture<String> answer = null;
      try {
        answer = service.echo("ping");
        answer.get(Math.max(1, tryFor), TimeUnit.NANOSECONDS);
        return;
      } catch (ExecutionException e) {
        failure = e.getCause();
      } catch (TimeoutException e) {
        answer.cancel(false);
        failure = new TimeoutException("a call was not answered before " + PerfKeys.PRODUCER_WAIT.name() + " ran out");
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
            + " within " + TextReport.duration(timeout) + " (" + PerfKeys.PRODUCER_WAIT.name() + "; last error: "
            + ErrorLog.describe(failure) + "); start the producer first (java -jar perf.jar), run both with "
            + "java -jar perf.jar --loopback, or wait longer with --" + PerfKeys.PRODUCER_WAIT.name() + "=60s");
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
