package io.axle.perf.series;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.perf.report.Latency;
import io.axle.perf.report.OpenLoopResult;
import io.axle.perf.report.RunResult;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The overload scenario's ratios and target verdicts, from the runs' figures. */
class OverloadVerdictTest {
  private static final SeriesPlan.Overload PLAN = new SeriesPlan.Overload(200, "gradient2", "2ms");

  private static RunResult run(double tps, double p99, long errors, long late) {
    return new RunResult("highway", "sync", 100, 10, 1.0, 10.0, (long) (tps * 10), errors, tps,
        new Latency(p99 / 2, p99 / 2, p99, p99, p99, p99), List.of(), null,
        late < 0 ? null : new OpenLoopResult(1000, 100, late, 0), null, null);
  }

  @Test
  void targetsMet_whenTheLimitedRunKeepsGoodputAndLatency() {
    OverloadVerdict verdict = OverloadVerdict.of(PLAN, List.of(run(8000, 16, 0, -1), run(4000, 4, 0, 0),
        run(7900, 2600, 70000, 0), run(7600, 11.9, 71000, 12)));

    assertThat(verdict.goodputRatio(verdict.limited())).isEqualTo(0.95);
    assertThat(verdict.p99Ratio(verdict.limited())).isEqualTo(11.9 / 4);
    assertThat(verdict.goodputMet()).isTrue();
    assertThat(verdict.p99Met()).isTrue();
    assertThat(verdict.describe())
        .contains("capacity 8000.0 OK/s (closed loop, sync 100), each call sleepEcho 2ms; p99 at 50% load 4.000 ms")
        .contains("200% without a limit:  goodput 7900.0 OK/s = 0.99x capacity, p99 of accepted calls 2600.000 ms = "
            + "650.00x, failed 7000.0/s")
        .contains("200% with gradient2:   goodput 7600.0 OK/s = 0.95x capacity, p99 of accepted calls 11.900 ms = "
            + "2.98x, failed 7100.0/s; 12 requests not sent on time (the load generator lagged)")
        .endsWith("targets with gradient2: goodput >= 0.9x capacity: met; p99 <= 3x the p99 at 50% load: met");
    io.vertx.core.json.JsonObject json = verdict.toJson();
    assertThat(json.getDouble("capacity_tps")).isEqualTo(8000.0);
    assertThat(json.getJsonObject("limited").getDouble("goodput_ratio")).isEqualTo(0.95);
    assertThat(json.getJsonObject("targets").encode()).isEqualTo(
        "{\"judged\":true,\"goodput_met\":true,\"p99_met\":true}");
  }

  @Test
  void targetsMissed_areSaidSo() {
    OverloadVerdict verdict = OverloadVerdict.of(PLAN, List.of(run(8000, 16, 0, -1), run(4000, 4, 0, 0),
        run(7900, 2600, 0, 0), run(7000, 13, 0, 0)));

    assertThat(verdict.goodputMet()).isFalse();
    assertThat(verdict.p99Met()).isFalse();
    assertThat(verdict.describe()).endsWith("goodput >= 0.9x capacity: missed; p99 <= 3x the p99 at 50% load: missed");
  }

  @Test
  void nothingAccepted_orAFailingBaseline_isNotJudged() {
    OverloadVerdict none = OverloadVerdict.of(PLAN, List.of(run(8000, 16, 0, -1), run(4000, 4, 0, 0),
        run(7900, 2600, 0, 0), run(0, 0, 5000, 0)));
    assertThat(none.describe()).endsWith("targets with gradient2: not judged: the run with the limit accepted no call");

    OverloadVerdict failing = OverloadVerdict.of(PLAN, List.of(run(8000, 16, 3, -1), run(4000, 4, 0, 0),
        run(7900, 2600, 0, 0), run(7600, 11, 0, 0)));
    assertThat(failing.describe()).contains("not judged: the capacity and 50% runs had 3 and 0 failed calls");
  }
}
