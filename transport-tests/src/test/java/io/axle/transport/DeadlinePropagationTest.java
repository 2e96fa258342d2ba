package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.AxleException;
import io.axle.Call;
import io.axle.Status;
import io.axle.testing.AxleExtension;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.testing.Runtimes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * client -> relay -> server on real runtimes: the relay's call onwards takes what is left of the
 * client's deadline, not its own (much longer) timeout, so the whole chain gives up at the
 * client's deadline; and the server does not start work whose deadline passed while it queued.
 */
@Timeout(60)
@org.junit.jupiter.api.Tag("slow") // timed scenarios (hedges, deadlines, balancing, overload): outside the fast subset
class DeadlinePropagationTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  private static final String RELAY_SERVICE = "relay-service";

  /** The middle hop: one operation that calls the server's sleepEcho. */
  public interface Relay {
    String relay(String message, int delayMs);
  }

  @ParameterizedTest(name = "{0}")
  @ValueSource(strings = {"highway", "rest"})
  void aCallMadeWhileServing_inheritsWhatIsLeftOfTheCallersDeadline(String transport) throws Exception {
    AtomicInteger started = new AtomicInteger();
    EchoServiceImpl slow = new EchoServiceImpl() {
      @Override
      public String sleepEcho(String message, int delayMs) {
        started.incrementAndGet();
        return super.sleepEcho(message, delayMs);
      }
    };
    // One thread on the server: the second request queues behind the first.
    Map<String, Object> serverKeys = new LinkedHashMap<>(CrossTransportTest.providerConfig(transport, Map.of()));
    serverKeys.put("axle.service.name", Runtimes.SERVICE);
    serverKeys.put("axle.executor.default.group", 1);
    serverKeys.put("axle.executor.default.thread-per-group", 1);
    try (Axle server = runtimes.start(Axle.builder().config(Runtimes.config(serverKeys))
        .provider(Runtimes.SCHEMA, EchoService.class, slow))) {
      String serverEntry = transport + "://127.0.0.1:" + server.endpoint(transport).orElseThrow().port();
      java.util.List<String> relayOutcomes = new CopyOnWriteArrayList<>();
      long[] relayWaitedMillis = new long[1];
      Map<String, Object> relayKeys = new LinkedHashMap<>(CrossTransportTest.providerConfig(transport, Map.of()));
      relayKeys.put("axle.service.name", RELAY_SERVICE);
      relayKeys.put("axle.references.transport", transport);
      relayKeys.put("axle.registry.local." + Runtimes.SERVICE, serverEntry);
      relayKeys.put("axle.request.timeout", "20s");
      Axle[] relayRuntime = new Axle[1];
      Relay relay = (message, delayMs) -> {
        assertThat(Call.current()).isPresent();
        EchoService onwards = relayRuntime[0].reference(EchoService.class, Runtimes.SERVICE, Runtimes.SCHEMA);
        long start = System.nanoTime();
        try {
          return onwards.sleepEcho(message, delayMs);
        } catch (AxleException e) {
          relayWaitedMillis[0] = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
          relayOutcomes.add(e.status() + " " + e.getMessage());
          throw e;
        }
      };
      relayRuntime[0] = runtimes.start(Axle.builder().config(Runtimes.config(relayKeys))
          .provider("Relay", Relay.class, relay));
      try (Axle relayServer = relayRuntime[0]) {
        String relayEntry = transport + "://127.0.0.1:" + relayServer.endpoint(transport).orElseThrow().port();
        Map<String, Object> clientKeys = new LinkedHashMap<>(CrossTransportTest.config(Map.of()));
        clientKeys.put("axle.service.name", "client");
        clientKeys.put("axle.references.transport", transport);
        clientKeys.put("axle.registry.local." + RELAY_SERVICE, relayEntry);
        clientKeys.put("axle.request.timeout", "600ms");
        try (Axle client = runtimes.start(Axle.builder().config(Runtimes.config(clientKeys)))) {
          Relay remote = client.reference(Relay.class, RELAY_SERVICE, "Relay");
          CrossTransportTest.Outcome outcome = CrossTransportTest.Outcome.of(() -> remote.relay("late", 3000));
          assertThat(outcome.status()).isEqualTo(Status.DEADLINE_EXCEEDED);

          // The relay gives up at the client's deadline (its own timer fires a hair after the client's),
          // not after its own 20 s, nor when the server answers after 3 s.
          long waitUntil = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(2_000);
          while (relayOutcomes.isEmpty() && System.nanoTime() - waitUntil < 0) {
            Thread.sleep(10);
          }
          assertThat(relayOutcomes).singleElement().asString()
              .startsWith("DEADLINE_EXCEEDED EchoService.sleepEcho timed out after ")
              .endsWith("(expected: an answer before the deadline it inherited from Relay.relay, the call it "
                  + "was made while serving)");
          assertThat(relayWaitedMillis[0]).isLessThan(5_000);

          // The server's one thread still sleeps on the first request (3 s); a second one queued
          // behind it has 600 ms: it expires in the queue and is never started.
          int before = started.get();
          CrossTransportTest.Outcome queued = CrossTransportTest.Outcome.of(() -> remote.relay("queued", 10));
          assertThat(queued.status()).isEqualTo(Status.DEADLINE_EXCEEDED);
          Thread.sleep(3_000);
          assertThat(started.get()).isEqualTo(before);
        }
      }
    }
  }
}
