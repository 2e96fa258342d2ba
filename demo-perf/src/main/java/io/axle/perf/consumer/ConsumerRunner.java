package io.axle.perf.consumer;

import io.axle.metrics.AxleMetrics;
import io.axle.perf.ExitStatus;
import io.axle.perf.PerfConfig;
import io.axle.perf.PerfKeys;
import io.axle.perf.PerfOutput;
import io.axle.perf.StopSignal;
import io.axle.perf.baseline.Baseline;
import io.axle.perf.baseline.BaselineClient;
import io.axle.perf.report.RunResult;
import io.axle.registry.Endpoint;
import io.axle.spring.AxleRuntimeHolder;
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
  private final PerfConfig config;
  private final ProducerEndpoints producer;
  private final AxleRuntimeHolder runtime;
  private final PerfOutput output;
  /** With {@code --dashboard}, from the start of the run to its end; else null. */
  private ConsumerDashboard dashboard;

  ConsumerRunner(PerfConfig config, ProducerEndpoints producer, PerfReferences references, PerfOutput output,
      StopSignal stop, AxleRuntimeHolder runtime) {
    this.config = config;
    this.producer = producer;
    this.runtime = runtime;
    this.output = output;
    ConsumerSettings settings = ConsumerSettings.from(config.config());
    ConsumerTarget target = ConsumerTarget.of(config.config(), producer.registered(), settings.transport());
    // The raw baseline is driven by the same engine, through a raw client in place of Axle's references.
    // So is Axle's REST server with rest.client: raw.
    this.baseline = Baseline.isBaseline(settings.transport()) || settings.rawRestClient()
        ? BaselineClient.open(target.first(), config.config()) : null;
    this.consumer = new Consumer(settings, target, baseline != null ? baseline.sync() : references.sync(),
        baseline != null ? baseline.async() : references.async(), output.out(), output.err(), stop,
        config.config().get(PerfKeys.PRODUCER_WAIT), producer.producerCpu(), producer.instanceCounts(),
        new AxleConsumerFigures(runtime));
  }

  @Override
  public void run(ApplicationArguments args) throws InterruptedException {
    try {
      startDashboard();
      status = consumer.run();
    } finally {
      destroy();
    }
  }

  /**
   * With {@code --dashboard}: this consumer's windows, and the producer's beside them when it has a REST
   * endpoint (the raw baselines keep none), on a page whose address is printed.
   */
  private void startDashboard() {
    if (!config.config().get(PerfKeys.DASHBOARD)) {
      return;
    }
    AxleMetrics metrics = runtime.metrics().orElse(null);
    if (metrics == null) {
      output.out().println("perf consumer dashboard: none (axle.metrics.enabled is false, so there are no windows)");
      return;
    }
    String transport = ConsumerSettings.from(config.config()).transport();
    Endpoint rest = Baseline.isBaseline(transport) ? null : producer.registered().stream()
        .filter(entry -> entry.trim().startsWith("rest://")).findFirst().map(Endpoint::parse).orElse(null);
    dashboard = ConsumerDashboard.start(config.config().get(PerfKeys.DASHBOARD_ADDRESS), metrics, rest,
        consumer::liveDiagnosis);
    output.out().println("perf consumer dashboard: " + dashboard.url()
        + (rest == null ? " (this consumer's windows only: no producer windows to show)" : ""));
    output.out().flush();
  }

  /** Closes the dashboard and the baseline client, if any: after the run, or with the context if the run never came. */
  @Override
  public synchronized void destroy() {
    if (dashboard != null) {
      dashboard.close();
      dashboard = null;
    }
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
