package io.axle.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.Axle;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Start-up checks that need no transport. */
class AxleRuntimeTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void referenceToAnUnknownService_namesTheServicesTheRegistryKnows() {
    try (Axle axle = runtimes.start(Axle.builder().config(Runtimes.config(Map.of(
        "axle.registry.local.known-a", "highway://127.0.0.1:7070",
        "axle.registry.local.known-b", "highway://127.0.0.1:7071"))))) {
      assertThatThrownBy(() -> axle.reference(EchoService.class, "missing", "EchoService"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("reference to service missing: not in the local registry (known services: [known-a, known-b]; "
              + "expected: a highway://host:port entry in axle.registry.local.missing)");
    }
  }

  @Test
  void referenceToASchemaTheServiceDoesNotServe_namesTheSchemasItDoes() {
    try (Axle axle = runtimes.start(Axle.builder().config(Runtimes.config(Map.of(
        "axle.registry.local.svc", "highway://127.0.0.1:7070",
        "axle.registry.schemas.svc", "Other,EchoService"))))) {
      assertThatThrownBy(() -> axle.reference(EchoService.class, "svc", "Missing"))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessage("reference to svc/Missing: service svc serves no schema Missing (expected: one of "
              + "[EchoService, Other], as registered by axle.registry.schemas.svc — from builder)");
      // A registered schema passes that check and meets the next: core alone has no transport.
      assertThatThrownBy(() -> axle.reference(EchoService.class, "svc", "EchoService"))
          .hasMessageStartingWith("axle.references.transport: highway");
    }
  }

  @Test
  void withoutASchemaList_anySchemaIdIsAccepted() {
    try (Axle axle = runtimes.start(Axle.builder().config(Runtimes.config(Map.of(
        "axle.registry.local.svc", "highway://127.0.0.1:7070"))))) {
      assertThatThrownBy(() -> axle.reference(EchoService.class, "svc", "Anything"))
          .hasMessageStartingWith("axle.references.transport: highway");
    }
  }

  @Test
  void referenceOverATransportNotOnTheClassPath_namesTheKey() {
    try (Axle axle = runtimes.start(Axle.builder().config(Runtimes.config(Map.of(
        "axle.registry.local.svc", "highway://127.0.0.1:7070"))))) {
      assertThatThrownBy(() -> axle.reference(EchoService.class, "svc", "EchoService"))
          .hasMessage("axle.references.transport: highway (expected: a transport on the class path: []) — the default");
    }
  }

  @Test
  void twoProvidersForOneSchemaId_areRefusedNamingBoth() {
    class Other extends EchoServiceImpl {
    }
    assertThatThrownBy(() -> Axle.builder().config(Runtimes.config(Map.of()))
        .provider("Echo", EchoService.class, new EchoServiceImpl())
        .provider("Echo", EchoService.class, new Other())
        .start())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("schemaId Echo is served twice")
        .hasMessageContaining(EchoServiceImpl.class.getName())
        .hasMessageContaining(Other.class.getName());
  }

  @Test
  void builtInExecutorNames_cannotBeTakenByNamedExecutors() {
    assertThatThrownBy(() -> Axle.builder().executor("group", io.axle.executor.AxleExecutors.inline()))
        .hasMessage("executor name: group (expected: a name other than the built-in inline, group and virtual)");
  }

  @Test
  void stop_isIdempotent() {
    Axle axle = runtimes.start(Axle.builder().config(Runtimes.config(Map.of())));
    axle.stop();
    axle.stop();
    assertThatThrownBy(() -> axle.reference(EchoService.class, "svc", "EchoService"))
        .hasMessageContaining("the runtime is stopped");
  }
}
