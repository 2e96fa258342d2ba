package io.axle.metrics.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.metrics.CpuStats;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CpuSamplerTest {

  @Test
  void cgroupCpuMax_givesTheCoresOfTheQuota() throws Exception {
    assertThat(CpuSampler.parseCpuMax("150000 100000\n")).isEqualTo(1.5);
    assertThat(CpuSampler.parseCpuMax("max 100000\n")).isZero();
  }

  @Test
  void aMissingOrUnreadableCpuMax_meansNoLimit(@TempDir Path dir) throws Exception {
    assertThat(CpuSampler.cgroupCores(dir.resolve("absent"))).isZero();
    Path garbage = Files.writeString(dir.resolve("cpu.max"), "what");
    assertThat(CpuSampler.cgroupCores(garbage)).isZero();
    Path limited = Files.writeString(dir.resolve("cpu.max2"), "200000 100000");
    assertThat(CpuSampler.cgroupCores(limited)).isEqualTo(2.0);
  }

  @Test
  void processCpu_isTheCpuTimeSpentOverTheWallTime() {
    CpuSampler sampler = new CpuSampler();
    long start = System.nanoTime();
    sampler.reset(start);
    long spin = 0;
    while (System.nanoTime() - start < 50_000_000L) {
      spin++;
    }
    CpuStats cpu = sampler.sample(System.nanoTime());
    assertThat(spin).isPositive();
    // One thread spun the whole time: about one core, in Irix mode (other JVM threads may add some).
    assertThat(cpu.processPercent()).isGreaterThan(10.0); // percent, not a fraction; not a speed check
    assertThat(cpu.cores()).isGreaterThan(0).isLessThanOrEqualTo(Runtime.getRuntime().availableProcessors());
  }
}
