package io.axle.registry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.Map;
import java.util.Set;
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
    List<List<ServiceInstance>> seen = new CopyOnWriteArrayList<>();
    view.watch(seen::add);
    registry.update("perf1", List.of(new Endpoint("highway", "10.0.0.2", 7070)));
    assertThat(seen).hasSize(1);
    assertThat(seen.get(0)).extracting(ServiceInstance::endpoints)
        .containsExactly(List.of(new Endpoint("highway", "10.0.0.2", 7070)));
    assertThat(view.endpoints()).containsExactly(new Endpoint("highway", "10.0.0.2", 7070));
  }

  @Test
  void aRegisteredInstance_isListed_thenDown_thenGone_andWatchersHearEachStep() {
    LocalRegistry registry = new LocalRegistry();
    ServiceInstances view = registry.lookup("orders");
    List<List<ServiceInstance>> seen = new CopyOnWriteArrayList<>();
    view.watch(seen::add);
    ServiceInstance instance = new ServiceInstance("orders", "orders-1", "1.2.0",
        List.of(new Endpoint("highway", "10.0.0.3", 7070), new Endpoint("rest", "10.0.0.3", 8080)),
        Set.of("Orders"), InstanceStatus.UP, Map.of("zone", "a", "weight", "30"));
    Registration registration = registry.register(instance);
    assertThat(view.instances()).containsExactly(instance);
    assertThat(view.endpoints()).hasSize(2);
    assertThat(registry.knownServices()).containsExactly("orders");
    assertThat(registry.schemas("orders")).contains(Set.of("Orders"));
    assertThat(instance.weight()).isEqualTo(30);

    registration.markDown();
    assertThat(view.instances()).singleElement().extracting(ServiceInstance::status).isEqualTo(InstanceStatus.DOWN);
    assertThat(view.endpoints()).isEmpty();

    registration.deregister();
    registration.markDown();
    assertThat(view.instances()).isEmpty();
    assertThat(seen).hasSize(3);
  }

  @Test
  void aClosedWatch_hearsNoMoreChanges_theOthersStillDo_andClosingTwiceIsFine() {
    LocalRegistry registry = LocalRegistry.of(Map.of("perf1", List.of("highway://127.0.0.1:7070")));
    InstanceList view = (InstanceList) registry.lookup("perf1");
    List<List<ServiceInstance>> closedOne = new CopyOnWriteArrayList<>();
    List<List<ServiceInstance>> openOne = new CopyOnWriteArrayList<>();
    Watch closing = view.watch(closedOne::add);
    view.watch(openOne::add);
    registry.update("perf1", List.of(new Endpoint("highway", "10.0.0.2", 7070)));
    assertThat(view.watchCount()).isEqualTo(2);

    closing.close();
    closing.close();
    registry.update("perf1", List.of(new Endpoint("highway", "10.0.0.3", 7070)));
    Registration registration = registry.register(new ServiceInstance("perf1", "perf1-2", "1.0.0",
        List.of(new Endpoint("highway", "10.0.0.4", 7070)), Set.of(), InstanceStatus.UP, Map.of()));
    registration.markDown();

    assertThat(closedOne).as("only the change before its close").hasSize(1);
    assertThat(openOne).hasSize(4);
    assertThat(view.watchCount()).isEqualTo(1);
  }

  @Test
  void oneListenerWatchingTwice_isTakenOffOncePerClose() {
    LocalRegistry registry = new LocalRegistry();
    InstanceList view = (InstanceList) registry.lookup("orders");
    List<List<ServiceInstance>> seen = new CopyOnWriteArrayList<>();
    java.util.function.Consumer<List<ServiceInstance>> listener = seen::add;
    Watch first = view.watch(listener);
    view.watch(listener);
    first.close();
    registry.update("orders", List.of(new Endpoint("highway", "10.0.0.2", 7070)));
    assertThat(seen).as("the second watch still calls it").hasSize(1);
  }

  @Test
  void aWatchClosedByItsOwnListener_isNotCalledAgain() {
    LocalRegistry registry = new LocalRegistry();
    ServiceInstances view = registry.lookup("orders");
    List<List<ServiceInstance>> seen = new CopyOnWriteArrayList<>();
    Watch[] watch = new Watch[1];
    watch[0] = view.watch(list -> {
      seen.add(list);
      watch[0].close();
    });
    registry.update("orders", List.of(new Endpoint("highway", "10.0.0.2", 7070)));
    registry.update("orders", List.of(new Endpoint("highway", "10.0.0.3", 7070)));
    assertThat(seen).hasSize(1);
  }

  @Test
  void anInstanceOnAWildcardAddress_isRefused_namingTheKeyThatFixesIt() {
    assertThatThrownBy(() -> new ServiceInstance("orders", "orders-1", "1.0.0",
        List.of(new Endpoint("highway", "0.0.0.0", 7070)), Set.of(), InstanceStatus.UP, Map.of()))
        .hasMessage("instance orders-1 endpoint: highway://0.0.0.0:7070 (expected: an address a client can reach, "
            + "not a wildcard; set axle.registry.advertise-host)");
  }

  @Test
  void badUris_areRefusedWithTheExpectedForm() {
    assertThatThrownBy(() -> Endpoint.parse("highway//127.0.0.1"))
        .hasMessage("endpoint: highway//127.0.0.1 (expected: transport://host:port, e.g. highway://127.0.0.1:7070)");
    assertThat(Endpoint.parse(" highway://example.org:7070 ").toString()).isEqualTo("highway://example.org:7070");
  }
}
