package io.axle.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

class LocalRegistryTest {

  @Test
  void lookup_returnsTheConfiguredEndpoints() {
    LocalRegistry registry = LocalRegistry.of(Map.of("perf1", List.of("highway://127.0.0.1:7070", "rest://127.0.0.1:8080")));
    assertThat(registry.lookup("perf1").endpoints()).containsExactly(
        new Endpoint("highway", "127.0.0.1", 7070), new Endpoint("rest", "127.0.0.1", 8080));
    assertThat(registry.lookup("other").endpoints()).isEmpty();
    assertThat(registry.knownServices()).containsExactly("perf1");
  }

  @Test
  void update_notifiesWatchersOfTheLiveView() {
    LocalRegistry registry = LocalRegistry.of(Map.of("perf1", List.of("highway://127.0.0.1:7070")));
    ServiceInstances view = registry.lookup("perf1");
    List<List<Endpoint>> seen = new CopyOnWriteArrayList<>();
    view.watch(seen::add);
    registry.update("perf1", List.of(new Endpoint("highway", "10.0.0.2", 7070)));
    assertThat(seen).containsExactly(List.of(new Endpoint("highway", "10.0.0.2", 7070)));
    assertThat(view.endpoints()).containsExactly(new Endpoint("highway", "10.0.0.2", 7070));
  }

  @Test
  void badUris_areRefusedWithTheExpectedForm() {
    assertThatThrownBy(() -> Endpoint.parse("highway//127.0.0.1"))
        .hasMessage("endpoint: highway//127.0.0.1 (expected: transport://host:port, e.g. highway://127.0.0.1:7070)");
    assertThat(Endpoint.parse(" highway://example.org:7070 ").toString()).isEqualTo("highway://example.org:7070");
  }
}
