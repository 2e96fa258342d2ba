package io.axle.perf.consumer;

import io.axle.config.CoreConfigKeys;
import io.axle.perf.PerfConfig;
import io.axle.perf.PerfService;
import java.util.List;
import org.springframework.context.annotation.Profile;
import org.springframework.stereotype.Component;

/** {@code perf1} where {@code axle.registry.local.perf1} says: the consumer of another process's producer. */
@Component
@Profile("consumer & !loopback")
final class ConfiguredProducer implements ProducerEndpoints {
  private final List<String> registered;

  ConfiguredProducer(PerfConfig config) {
    List<String> entries = config.config().getMostSpecific(CoreConfigKeys.REGISTRY_LOCAL, PerfService.SERVICE_NAME);
    this.registered = entries == null ? List.of() : List.copyOf(entries);
  }

  @Override
  public List<String> registered() {
    return registered;
  }
}
