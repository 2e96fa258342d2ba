package io.axle.perf;

import io.axle.config.ConfigKey;
import io.axle.config.ConfigKeyProvider;
import io.axle.config.HostAndPort;
import io.axle.perf.payload.Payloads;
import java.time.Duration;
import java.util.List;

/**
 * The demo's own keys. They are top-level in {@code microservice.yaml} (not under {@code axle.}) because
 * the article's configurations spell them that way ({@code sync-count: 500}); like any key they can be
 * overridden with {@code --sync-count=50}. Declared as a {@link ConfigKeyProvider} so that tools listing
 * the known keys see them too.
 */
public final class PerfKeys implements ConfigKeyProvider {

  public static final ConfigKey<Boolean> SYNC = ConfigKey.booleanKey("sync", true,
      "Consumer: true drives load from sync-count blocking threads, false keeps async-count reactive calls outstanding.");

  public static final ConfigKey<Integer> SYNC_COUNT = ConfigKey.intKey("sync-count", 100, 1, Integer.MAX_VALUE,
      "Consumer: number of blocking caller threads when sync is true.");

  public static final ConfigKey<String> SYNC_THREADS = ConfigKey.choiceKey("sync.threads", "platform",
      "Consumer: what the sync-count blocking callers are: platform threads (one OS thread each, the article's "
          + "setting) or virtual threads.", "platform", "virtual");

  public static final ConfigKey<String> PAYLOAD = ConfigKey.choiceKey("payload", "string",
      "Consumer: what each call carries: string (echo with a request-size string), pojo-1k or pojo-64k (echoOrder "
          + "with a nested order of about 1 KiB or 64 KiB on highway).", Payloads.STRING, Payloads.POJO_1K,
      Payloads.POJO_64K);

  public static final ConfigKey<Integer> ASYNC_COUNT = ConfigKey.intKey("async-count", 100, 1, Integer.MAX_VALUE,
      "Consumer: number of outstanding reactive calls when sync is false.");

  public static final ConfigKey<Integer> REQUEST_SIZE = ConfigKey.intKey("request-size", 10, 0, Integer.MAX_VALUE,
      "Consumer: bytes of the message sent with each call.");

  public static final ConfigKey<Integer> RESPONSE_SIZE = ConfigKey.intKey("response-size", 0, 0, Integer.MAX_VALUE,
      "Producer: bytes of every answer; 0 echoes the request back.");

  public static final ConfigKey<Duration> DURATION = ConfigKey.durationKey("duration", Duration.ofSeconds(30),
      "Consumer: how long to measure after the warm-up; 0 runs until interrupted.");

  public static final ConfigKey<Duration> WARMUP = ConfigKey.durationKey("warmup", Duration.ofSeconds(5),
      "Consumer: how long to drive load before measuring; its windows are printed but left out of the summary.");

  public static final ConfigKey<Duration> WARMUP_MAX = ConfigKey.durationKey("warmup.max", Duration.ZERO,
      "Consumer: 0s keeps the warm-up at warmup; longer, the warm-up goes on past warmup until the last three "
          + "windows' TPS lie within 10% of their mean (they settled), at most this long.");

  public static final ConfigKey<String> JSON = ConfigKey.stringKey("json", null,
      "Consumer: file to write the machine-readable result to; none by default.");

  public static final ConfigKey<String> REPORT = ConfigKey.stringKey("report", null,
      "Consumer: HTML file to write the report with charts to (self-contained, viewable offline); none by default.");

  public static final ConfigKey<Boolean> LOOPBACK = ConfigKey.booleanKey("loopback", false,
      "Start a producer as a child process and drive it from this one (--loopback).");

  public static final ConfigKey<Integer> RPS = ConfigKey.custom("rps", null, "an integer >= 1 (requests per second)",
      PerfKeys::positiveInt,
      "Consumer: send this many requests per second whatever the replies (open loop), latency measured from each "
          + "request's intended send time; none = closed loop (sync, sync-count, async-count), which rps overrides.");

  public static final ConfigKey<Integer> RPS_MAX_IN_FLIGHT = ConfigKey.intKey("rps.max-in-flight", 10_000, 1,
      Integer.MAX_VALUE,
      "Consumer, open loop: calls in flight at most; a request due while this many are in flight is not sent and "
          + "counted as could not be sent on time.");

  public static final ConfigKey<Double> LONG_TAIL_RATIO = ConfigKey.custom("long-tail.ratio", 0.0,
      "a number in [0, 1], e.g. 0.01", PerfKeys::ratio,
      "Consumer: share of the requests that call sleepEcho(long-tail.delay) instead of echo (every 1/ratio-th "
          + "request, evenly spread); their latency is reported apart from the others'.");

  public static final ConfigKey<Duration> LONG_TAIL_DELAY = ConfigKey.durationKey("long-tail.delay",
      Duration.ofMillis(5), "Consumer: how long the long-tail share's sleepEcho calls sleep on the producer.");

  public static final ConfigKey<String> SWEEP = ConfigKey.stringKey("sweep", null,
      "Consumer: run once per value of a numeric key and print a table, e.g. sync-count=1,10,50,100.");

  public static final ConfigKey<Integer> SWEEP_REPEATS = ConfigKey.intKey("sweep.repeats", 3, 1, 100,
      "Consumer, with sweep: rounds over the values, each round in an order rotated by one, so that every value runs "
          + "early and late in the consumer's life alike; the summary gives each value's median and spread (min-max). "
          + "A sweep with long-tail.compare makes one round unless this is set.");

  public static final ConfigKey<Duration> TARGET_P999 = ConfigKey.durationKey("target-p999", null, Duration.ofMillis(1),
      "Consumer: find the highest open-loop rate whose P999 stays within this target, e.g. 10ms.");

  public static final ConfigKey<Integer> KNEE_START_RPS = ConfigKey.intKey("knee.start-rps", 1000, 1,
      Integer.MAX_VALUE, "Consumer: the rate the knee search (target-p999) starts from, doubled until P999 misses.");

  public static final ConfigKey<Integer> KNEE_MAX_STEPS = ConfigKey.intKey("knee.max-steps", 12, 2, 100,
      "Consumer: the most runs the knee search (target-p999) makes before it reports the best rate found.");

  public static final ConfigKey<Boolean> LONG_TAIL_COMPARE = ConfigKey.booleanKey("long-tail.compare", false,
      "Consumer: run the same load without and with the long-tail share and print the rise of the normal requests' latency.");

  public static final ConfigKey<Duration> ECHO_DELAY = ConfigKey.durationKey("echo.delay", Duration.ZERO,
      "Consumer: when above 0, every normal call is sleepEcho with this delay instead of echo, so each holds a "
          + "producer thread this long: a provider whose capacity is its threads over this time (the overload "
          + "scenario's default, 2ms). Whole milliseconds.");

  public static final ConfigKey<Boolean> OVERLOAD = ConfigKey.booleanKey("overload", false,
      "With --loopback: the overload scenario. A closed-loop run measures the capacity, then open-loop runs at "
          + "half of it, and at overload.percent of it without and with the producer's adaptive limit; the table "
          + "shows goodput (answered OK per second) and the latency of the accepted calls.");

  public static final ConfigKey<Integer> OVERLOAD_PERCENT = ConfigKey.intKey("overload.percent", 200, 101, 1000,
      "The overload scenario's offered load, in percent of the measured capacity.");

  public static final ConfigKey<String> OVERLOAD_ALGORITHM = ConfigKey.choiceKey("overload.algorithm", "gradient2",
      "The overload scenario's adaptive limit (axle.governance.adaptive-limit.algorithm of its last run).",
      "gradient2", "vegas");

  public static final ConfigKey<Boolean> PROXY = ConfigKey.booleanKey("proxy", false,
      "Run a proxy (--proxy): a producer serving PerfService as perf-proxy that forwards every call to proxy.target.");

  public static final ConfigKey<String> PROXY_TARGET = ConfigKey.stringKey("proxy.target", "perf1",
      "Proxy: the downstream service each call is forwarded to; its endpoints are axle.registry.local.<proxy.target>.");

  public static final ConfigKey<Boolean> LOOPBACK_PROXY = ConfigKey.booleanKey("loopback.proxy", false,
      "With --loopback: start a proxy child (--proxy) in front of the producer child, so client -> proxy -> server "
          + "runs on this machine; both children get the axle.* keys.");

  public static final ConfigKey<Integer> LOOPBACK_PRODUCERS = ConfigKey.intKey("loopback.producers", 1, 1, 16,
      "With --loopback: how many producer children to start; the consumer spreads its calls over them by "
          + "axle.loadbalance.strategy and prints each one's share per window and in the summary.");

  public static final ConfigKey<Boolean> LOOPBACK_ZOOKEEPER = ConfigKey.booleanKey("loopback.zookeeper", false,
      "With --loopback: start a ZooKeeper server in this process, have the producers register there and the "
          + "consumer find them there (axle.registry.type: zookeeper), instead of listing their ports.");

  public static final ConfigKey<Duration> LOOPBACK_STOP_ONE_AFTER = ConfigKey.durationKey("loopback.stop-one-after",
      Duration.ZERO,
      "With --loopback and at least two producers: stop the last producer (by loopback.stop-one-signal) this long "
          + "after the producers are ready, warm-up included; 0 stops none.");

  public static final ConfigKey<String> LOOPBACK_STOP_ONE_SIGNAL = ConfigKey.choiceKey("loopback.stop-one-signal",
      "SIGTERM",
      "How loopback.stop-one-after stops the last producer: SIGTERM (a graceful stop: out of the registry, "
          + "GOAWAY, calls in flight answered) or SIGKILL (a crash: connections reset under the calls in flight).",
      "SIGTERM", "SIGKILL");

  public static final ConfigKey<Duration> LOOPBACK_CHANGE_AFTER = ConfigKey.durationKey("loopback.change-after",
      Duration.ZERO,
      "With --loopback and loopback.zookeeper: write loopback.change to the service's configuration node in "
          + "ZooKeeper this long after the producers are ready, warm-up included, and print when each producer runs "
          + "it; 0 writes nothing.");

  public static final ConfigKey<List<String>> LOOPBACK_CHANGE = ConfigKey.listKey("loopback.change",
      "The live configuration change loopback.change-after writes: KEY=VALUE items, comma-separated, each a live "
          + "key (docs/live-configuration.md).", "a list of KEY=VALUE, each KEY a live key",
      item -> item.indexOf('=') > 0);

  public static final ConfigKey<Integer> LOOPBACK_CHANGE_REPEAT = ConfigKey.intKey("loopback.change-repeat", 1, 1,
      1000,
      "With loopback.change-after: how many changes to write, a second apart, alternately loopback.change and "
          + "its removal (back to the producers' start), and report how long each took to be in force on each "
          + "producer (median, P99, max).");

  public static final ConfigKey<Boolean> BASELINE_ENABLED = ConfigKey.booleanKey("baseline.enabled", true,
      "Producer: also serve the raw baseline echoes (baseline.address, baseline.rest-address), no Axle code on their path.");

  public static final ConfigKey<HostAndPort> BASELINE_ADDRESS = ConfigKey.addressKey("baseline.address",
      new HostAndPort("0.0.0.0", 7071),
      "Producer: where the raw TCP echo listens (4-byte big-endian length + payload, each frame echoed; port 0 picks one).");

  public static final ConfigKey<String> BASELINE_HAND_OFF = ConfigKey.choiceKey("baseline.hand-off", "none",
      "Producer: where the raw TCP echo answers: none (on the event loop, the default), task (each frame handed to a "
          + "plain JDK pool of the group executor's shape and back to the loop in batches) or burst (a read burst's "
          + "frames handed over as one task). Measures what a worker hop costs without Axle.",
      "none", "task", "burst");

  public static final ConfigKey<HostAndPort> BASELINE_REST_ADDRESS = ConfigKey.addressKey("baseline.rest-address",
      new HostAndPort("0.0.0.0", 8081),
      "Producer: where the raw HTTP echo listens (POST any path, answered with JSON; port 0 picks one).");

  public static final ConfigKey<Boolean> BASELINE = ConfigKey.booleanKey("baseline", false,
      "Consumer (--baseline): drive the producer's raw TCP echo (the baseline:// entry of perf1) with the same load "
          + "engine, connections and payload as a highway run.");

  public static final ConfigKey<Boolean> BASELINE_REST = ConfigKey.booleanKey("baseline-rest", false,
      "Consumer (--baseline-rest): drive the producer's raw HTTP echo (the baseline-rest:// entry of perf1) as a REST "
          + "run would be driven.");

  public static final ConfigKey<String> REST_CLIENT = ConfigKey.choiceKey("rest.client", "axle",
      "Consumer, calls over REST: what drives Axle's REST server: axle (Axle's REST client, through the proxies) or raw "
          + "(the bare Vert.x HttpClient the raw HTTP echo is driven with, same keys), so that --compare=baseline-rest "
          + "compares the two servers alone.",
      "axle", "raw");

  public static final ConfigKey<String> COMPARE = ConfigKey.choiceKey("compare", null,
      "Consumer: run Axle and its raw baseline alternately, compare.pairs times, and print the median ratios of TPS "
          + "and P99: baseline (highway against the raw TCP echo) or baseline-rest (REST against the raw HTTP echo).",
      "baseline", "baseline-rest");

  public static final ConfigKey<Integer> COMPARE_PAIRS = ConfigKey.intKey("compare.pairs", 3, 1, 1000,
      "Consumer, with compare: how many pairs of runs (Axle, then baseline) to make; the ratios are their medians.");

  public static final ConfigKey<Duration> PRODUCER_WAIT = ConfigKey.durationKey("producer.wait", Duration.ofSeconds(30),
      "Consumer: how long to wait for perf1's first answer before giving up (the producer may start after the "
          + "consumer); a port with nothing listening, or one that never answers, fails the run after it.");

  public static final ConfigKey<Boolean> TUNE = ConfigKey.booleanKey("tune", false,
      "With --loopback (--tune): search the knobs that matter for the transport for the highest rate whose P999 "
          + "meets tune.target-p999, a knee search per configuration, and print the walk and the winning "
          + "microservice.yaml fragment.");

  public static final ConfigKey<Duration> TUNE_TARGET_P999 = ConfigKey.durationKey("tune.target-p999",
      Duration.ofMillis(10), Duration.ofMillis(1), "With tune: the P999 a configuration's knee rate must meet.");

  public static final ConfigKey<Duration> TUNE_BUDGET = ConfigKey.durationKey("tune.budget", Duration.ofMinutes(5),
      "With tune: how long the search may start new evaluations for; it always reports the best found.");

  public static final ConfigKey<Boolean> DASHBOARD = ConfigKey.booleanKey("dashboard", false,
      "Consumer (--dashboard): serve a live page of this consumer's windows beside the producer's while it runs "
          + "(GET /axle/dashboard on dashboard.address; the address is printed).");

  public static final ConfigKey<Boolean> CONSUMER_METRICS = ConfigKey.booleanKey("consumer.metrics", true,
      "Consumer: keep the consumer runtime's metrics on (axle.metrics.enabled, unless set), so each measured window "
          + "prints its stages, connections and the gap's parts. compare turns it off on both sides unless set, "
          + "since the raw client keeps none; it costs the consumer some CPU per call (docs/benchmarks.md).");

  public static final ConfigKey<HostAndPort> CONTROL_ADDRESS = ConfigKey.addressKey("control.address", null,
      "Producer: where it takes POST /perf/restart (key=value lines: it restarts with them), so that a consumer's "
          + "-c --tune can try its configurations; none by default. Anyone who reaches it can restart the producer "
          + "with any producer key: bind it to loopback or a trusted network.");

  public static final ConfigKey<HostAndPort> TUNE_CONTROL = ConfigKey.addressKey("tune.control", null,
      "Consumer, with -c --tune: the control.address of the producer, which each configuration's producer keys are "
          + "sent to (it restarts with them) before its runs.");

  public static final ConfigKey<Boolean> TUNE_LIVE = ConfigKey.booleanKey("tune.live", true,
      "With -c --tune: applies each configuration's producer keys to the running producer where every one "
          + "is live (POST /perf/change), keeping its connections, JIT and windows; false restarts it for every "
          + "configuration (POST /perf/restart), a walk by restarts to compare with. With --loopback --tune (one "
          + "producer, no proxy, no ZooKeeper): one producer child for the whole walk, changed the same way; false "
          + "starts a child for every run.");

  public static final ConfigKey<HostAndPort> DASHBOARD_ADDRESS = ConfigKey.addressKey("dashboard.address",
      new HostAndPort("127.0.0.1", 0),
      "Consumer, with dashboard: where its dashboard listens (port 0 picks a free one).");

  private static final List<ConfigKey<?>> KEYS = List.of(SYNC, SYNC_COUNT, SYNC_THREADS, PAYLOAD, ASYNC_COUNT,
      REQUEST_SIZE, RESPONSE_SIZE,
      DURATION, WARMUP, WARMUP_MAX, JSON, LOOPBACK, REPORT, RPS, RPS_MAX_IN_FLIGHT, LONG_TAIL_RATIO, LONG_TAIL_DELAY, SWEEP, SWEEP_REPEATS,
      TARGET_P999, KNEE_START_RPS, KNEE_MAX_STEPS, LONG_TAIL_COMPARE, ECHO_DELAY, OVERLOAD, OVERLOAD_PERCENT,
      OVERLOAD_ALGORITHM, PROXY, PROXY_TARGET, LOOPBACK_PROXY,
      LOOPBACK_PRODUCERS, LOOPBACK_ZOOKEEPER, LOOPBACK_STOP_ONE_AFTER, LOOPBACK_STOP_ONE_SIGNAL,
      LOOPBACK_CHANGE_AFTER, LOOPBACK_CHANGE, LOOPBACK_CHANGE_REPEAT,
      BASELINE_ENABLED, BASELINE_ADDRESS, BASELINE_HAND_OFF, BASELINE_REST_ADDRESS, BASELINE, BASELINE_REST, REST_CLIENT, COMPARE,
      COMPARE_PAIRS, PRODUCER_WAIT, TUNE, TUNE_TARGET_P999, TUNE_BUDGET, DASHBOARD, DASHBOARD_ADDRESS, CONSUMER_METRICS, CONTROL_ADDRESS, TUNE_CONTROL,
      TUNE_LIVE);

  /**
   * Whether {@code key} is the producer's to use: the runtime's keys ({@code axle.*}, {@code servicecomb.*}) and the
   * producer's own ({@code response-size}, {@code baseline.*}). What {@code --loopback} passes to the producer it
   * starts, and what a tune sends to a producer's {@code control.address}.
   */
  public static boolean isProducerKey(String key) {
    return key.startsWith("axle.") || key.startsWith("servicecomb.") || key.equals(RESPONSE_SIZE.name())
        || key.startsWith("baseline.");
  }

  /** Public for {@link java.util.ServiceLoader}; the keys themselves are the constants. */
  public PerfKeys() {
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return KEYS;
  }

  private static Integer positiveInt(String text) {
    int value = Integer.parseInt(text.trim()); // NumberFormatException is an IllegalArgumentException
    if (value < 1) {
      throw new IllegalArgumentException("below 1: " + text);
    }
    return value;
  }

  private static Double ratio(String text) {
    double value = Double.parseDouble(text.trim());
    if (!(value >= 0 && value <= 1)) { // also rejects NaN
      throw new IllegalArgumentException("outside [0, 1]: " + text);
    }
    return value;
  }
}
