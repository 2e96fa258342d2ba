package io.axle.perf.payload;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** The {@code payload} orders: sized by highway's answer frame, deterministic, and named in errors. */
class PayloadsTest {

  @Test
  void eachOrder_isTheFirstSizePastItsTarget() {
    for (int target : new int[] {1024, 64 * 1024}) {
      Order order = Payloads.order(target);
      assertThat(Payloads.highwayFrame(order).length).isGreaterThanOrEqualTo(target);
      Order oneLineLess = Payloads.order(target);
      oneLineLess.lines.removeLast();
      assertThat(Payloads.highwayFrame(oneLineLess).length).as("one line fewer").isLessThan(target);
    }
  }

  @Test
  void theNamedPayloads_areTheirOrders_andStringIsNone() {
    assertThat(Payloads.of("string")).isNull();
    assertThat(Payloads.of("pojo-1k")).isEqualTo(Payloads.order(1024));
    assertThat(Payloads.of("pojo-64k").lines).hasSizeGreaterThan(Payloads.of("pojo-1k").lines.size() * 32);
    assertThatThrownBy(() -> Payloads.of("pojo-2k")).hasMessage("payload: pojo-2k (expected: string, pojo-1k or pojo-64k)");
  }
}
