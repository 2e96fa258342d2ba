package io.axle.perf.consumer;

import io.axle.perf.ExitStatus;
import io.axle.perf.PerfConfig;
import io.axle.perf.PerfOutput;
import io.axle.perf.StopSignal;
import io.axle.perf.baseline.Baseline;
import io.axle.perf.baseline.BaselineClient;
import io.axle.perf.report.RunResult;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.boot.ApplicationArguments;
import org.springframework.boot.ApplicationRunner;
import org.springframework.boot.ExitCodeGenerator;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/**
 * The consumer application's run: once the context is refreshed and the runtime has bound the references,
 * drives {@code perf1} and keeps the outcome as the application's exit code. The settings and the target
 * are checked while the bean is created, so a bad key fails before the runtime starts or anything waits.
 */
@Component
@Profile("consumer")
final class ConsumerRunner implements ApplicationRunner, ExitCodeGenerator, DisposableBean {
  private final Consumer consumer;
  /** The raw client with {@code --baseline}, {@code --baseline-rest} or {@code rest.client: raw}; else null. */
  private final BaselineClient baseline;
  /** Failed until the run says otherwise: a run that never completed has not succeeded. */
  private volatile int status = ExitStatus.FAILED;

  ConsumerRunner(PerfConfig config, ProducerEndpoints producer, PerfReferences references, PerfOutput output,
      StopSignal stop) {
    ConsumerSettings settings = ConsumerSettings.from(config.config());
    ConsumerTarget target = ConsumerTarget.of(config.config(), producer.registered(), settings.transport());
    // The raw baseline is driven by the same engine, through a raw client in place of Axle's references.
    // So is Axle's REST server with rest.client: raw.
    this.baseline = Baseline.isBaseline(settings.transport()) || settings.rawRestClient()
        ? BaselineClient.open(target.first(), config.config()) : null;
    this.consumer = new Consumer(settings, target, baseline != null ? baseline.sync() : references.sync(),
        baseline != null ? baseline.async() : references.async(), output.out(), output.err(), stop,
        Consumer.PRODUCER_WAIT, producer.producerCpu(), producer.instanceCounts());
  }

  @Override
  public void run(ApplicationArguments args) throws InterruptedException {
    try {
      status = consumer.run();
    } finally {
      destroy();
    }
  }

  /** Closes the baseline client, if any: after the run, or with the context if the run never came. */
  @Override
  public void destroy() {
    if (baseline != null) {
      baseline.close();
    }
  }

  @Override
  public int getExitCode() {
    return status;
  }

  /** The run's result once it measured; null before, or if it never did (no producer). */
  RunResult result() {
    return consumer.lastResult();
  }
}
