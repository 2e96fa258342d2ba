package io.axle.perf.series;

import io.axle.config.HostAndPort;
import io.axle.perf.PerfFailure;
import io.axle.perf.PerfKeys;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.TreeMap;

/**
 * {@code -c --tune}'s hold on a producer it did not start: each configuration's producer keys are sent to the
 * producer's {@code control.address} ({@code key=value} lines). With {@code tune.live} ({@code POST /perf/change})
 * the producer applies them live where every key is live and restarts otherwise; without, ({@code POST
 * /perf/restart}) it restarts with them every time. Either way it answers once it serves them. They are sent
 * only when the keys differ from the last ones, so the runs of one configuration share a producer.
 */
final class ProducerRestarts {
  static final String PATH = "/perf/restart";
  static final String CHANGE_PATH = "/perf/change";
  /** The start of the second line of a {@link #CHANGE_PATH} answer when the producer took the keys live. */
  static final String LIVE = "changed live: ";
  /** A restart stops the producer gracefully (its calls in flight answered) and starts it again. */
  private static final Duration TIMEOUT = Duration.ofSeconds(120);

  private final URI uri;
  private final HttpClient http;
  private Map<String, String> last;
  private int liveChanges;
  private int restarts;

  ProducerRestarts(HostAndPort control, boolean live) {
    String host = control.host().contains(":") && !control.host().startsWith("[") ? "[" + control.host() + "]"
        : control.host();
    this.uri = URI.create("http://" + host + ":" + control.port() + (live ? CHANGE_PATH : PATH));
    this.http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5))
        .build();
  }

  /** Where the restarts go. */
  URI uri() {
    return uri;
  }

  /**
   * Makes the producer run with {@code keys} (producer keys only): a restart unless the last one had the same.
   *
   * @return the producer's answer: its ready line, and a second line {@code changed live: config v3 (…)} when it
   *     took them live; null when nothing was sent
   * @throws PerfFailure naming the address and the producer's answer when it refused or could not be reached
   */
  String ensure(Map<String, String> keys) {
    Map<String, String> sorted = new TreeMap<>(keys);
    if (sorted.equals(last)) {
      return null;
    }
    StringBuilder body = new StringBuilder();
    sorted.forEach((key, value) -> body.append(key).append('=').append(value).append('\n'));
    HttpResponse<String> response;
    try {
      response = http.send(HttpRequest.newBuilder(uri).timeout(TIMEOUT)
          .header("Content-Type", "text/plain; charset=utf-8")
          .POST(HttpRequest.BodyPublishers.ofString(body.toString())).build(), HttpResponse.BodyHandlers.ofString());
    } catch (IOException e) {
      throw new PerfFailure(PerfKeys.TUNE_CONTROL.name() + ": the producer's control at " + uri + " cannot be reached ("
          + e + ") (expected: a producer started with --" + PerfKeys.CONTROL_ADDRESS.name() + "=host:port)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new PerfFailure("interrupted while the producer at " + uri + " restarted");
    }
    if (response.statusCode() != 200) {
      throw new PerfFailure(PerfKeys.TUNE_CONTROL.name() + ": the producer at " + uri + " refused the restart with "
          + sorted + ": HTTP " + response.statusCode() + ": " + response.body().strip());
    }
    last = sorted;
    String answer = response.body().strip();
    if (answer.contains("\n" + LIVE)) {
      liveChanges++;
    } else {
      restarts++;
    }
    return answer;
  }

  /** How many configurations the producer took live. */
  int liveChanges() {
    return liveChanges;
  }

  /** How many configurations the producer restarted for. */
  int restarts() {
    return restarts;
  }
}
