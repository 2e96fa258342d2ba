package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.config.AxleConfig;
import io.axle.contract.Idempotent;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import org.junit.jupiter.api.Test;

/** Which operations get a retry link: {@code @Idempotent} ones, unless a key says otherwise, and the reverse. */
class RetryWiringTest {

  interface Inventory {
    @Idempotent
    String stock(String sku);

    String reserve(String sku);
  }

  private static final SchemaMeta SCHEMA = SchemaMeta.of("Inventory", Inventory.class);
  private static final RetryPolicy.Delayer NOW = (nanos, task) -> {
    task.run();
    return () -> { };
  };

  private static RetryPolicy retry(AxleConfig config, String operation) {
    OperationMeta op = SCHEMA.operations().get(operation);
    return RetryPolicy.forOperation(config, "inventory", op, new RetryBudget(10, 10), NOW);
  }

  @Test
  void theAnnotation_marksAnOperationIdempotent() {
    AxleConfig none = AxleConfig.builder().build();
    assertThat(SCHEMA.operations().get("stock").idempotent()).isTrue();
    assertThat(SCHEMA.operations().get("reserve").idempotent()).isFalse();
    assertThat(retry(none, "stock")).isNotNull().extracting(RetryPolicy::name).isEqualTo("retry(2 attempts)");
    assertThat(retry(none, "reserve")).isNull();
  }

  @Test
  void aKey_winsOverTheAnnotation_eitherWay() {
    AxleConfig keys = AxleConfig.builder()
        .put("axle.governance.retry.idempotent.inventory.Inventory.stock", false)
        .put("axle.governance.retry.idempotent.inventory.Inventory.reserve", true)
        .put("axle.governance.retry.attempts.inventory", 4)
        .build();
    assertThat(retry(keys, "stock")).isNull();
    assertThat(retry(keys, "reserve")).isNotNull().extracting(RetryPolicy::name).isEqualTo("retry(4 attempts)");
  }

  @Test
  void oneAttempt_meansNoRetryLink() {
    AxleConfig once = AxleConfig.builder().put("axle.governance.retry.attempts", 1).build();
    assertThat(retry(once, "stock")).isNull();
  }

  @Test
  void hedging_takesThePlaceOfRetries_forIdempotentOperationsOnly() {
    AxleConfig config = AxleConfig.builder().put("axle.governance.hedge.delay.inventory", "30ms").build();
    OperationMeta stock = SCHEMA.operations().get("stock");
    OperationMeta reserve = SCHEMA.operations().get("reserve");
    assertThat(HedgePolicy.forOperation(config, "inventory", stock, true, new RetryBudget(10, 10), NOW).name())
        .isEqualTo("hedge(after 30 ms)");
    assertThat(HedgePolicy.forOperation(config, "inventory", reserve, false, new RetryBudget(10, 10), NOW)).isNull();
    assertThat(HedgePolicy.forOperation(AxleConfig.builder().build(), "inventory", stock, true,
        new RetryBudget(10, 10), NOW)).isNull();
  }

  @Test
  void aBadHedgeDelay_stopsTheStart_withTheExpectedValues() {
    AxleConfig config = AxleConfig.builder().put("axle.service.name", "orders")
        .put("axle.governance.hedge.delay.inventory", "soon").build();
    org.assertj.core.api.Assertions.assertThatThrownBy(() -> io.axle.Axle.builder().config(config).start())
        .isInstanceOf(io.axle.config.ConfigException.class)
        .hasMessageContaining("axle.governance.hedge.delay.inventory: soon (expected: a duration above 0 such as "
            + "50ms, or a percentile of the operation's latency from p50 to p99.9 such as p95)");
  }
}
