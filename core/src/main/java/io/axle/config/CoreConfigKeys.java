package io.axle.config;

import io.axle.config.internal.EndpointUris;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** The keys core reads. Registered as a {@link ConfigKeyProvider} so tools see them like any module's. */
public final class CoreConfigKeys implements ConfigKeyProvider {

  private static final String EXECUTOR_NAME = "the name of a registered executor";

  public static final ConfigKey<String> SERVICE_NAME = ConfigKey.stringKey(
      "axle.service.name", "axle-service", "This microservice's name.");

  public static final ConfigKey<String> SERVICE_VERSION = ConfigKey.stringKey(
      "axle.service.version", "0.0.0", "This microservice's version, as it registers itself.");

  /** {@code axle.registry.type}: which {@link io.axle.registry.RegistryFactory} makes the registry. */
  public static final ConfigKey<String> REGISTRY_TYPE = ConfigKey.choiceKey(
      "axle.registry.type", "local",
      "Where services find each other: local (the lists in axle.registry.local, and instances registered in "
          + "the same JVM) or zookeeper (module axle-registry-zookeeper on the class path).",
      "local", "zookeeper");

  public static final ConfigKey<Boolean> REGISTRY_REGISTER = ConfigKey.booleanKey(
      "axle.registry.register", true,
      "Whether a runtime that serves providers registers itself once every transport listens (and marks "
          + "itself DOWN, then deregisters, when it stops).");

  public static final ConfigKey<String> REGISTRY_INSTANCE_ID = ConfigKey.custom(
      "axle.registry.instance-id", null,
      "letters, digits, '.', '_' and '-', starting with a letter or digit (it names a node in a remote registry)",
      CoreConfigKeys::instanceId,
      "This instance's id in the registry, unique among the service's instances; default: the service name "
          + "and a random suffix, new at each start.");

  public static final ConfigKey<String> REGISTRY_ADVERTISE_HOST = ConfigKey.stringKey(
      "axle.registry.advertise-host", null,
      "The host consumers are told to connect to when a transport listens on a wildcard address (0.0.0.0); "
          + "default: the first site-local address of an interface that is up, else the loopback address.");

  /** {@code axle.registry.properties.<name>}: free properties of this instance, such as zone or weight. */
  public static final ConfigKey<String> REGISTRY_PROPERTIES = ConfigKey.stringKey(
      "axle.registry.properties", null,
      "Free properties this instance registers, keyed by name: zone, weight (an integer, default 100, for "
          + "weighted-random load balancing), ….").family().live();

  public static final ConfigKey<Duration> REGISTRY_DEREGISTER_WAIT = ConfigKey.durationKey(
      "axle.registry.deregister-wait", Duration.ofSeconds(2),
      "How long a stopping provider stays up after marking itself DOWN in a registry whose watches take time "
          + "(zookeeper), so that consumers stop picking it before it sends GOAWAY; not spent with the local "
          + "registry, and counted against axle.shutdown.timeout.");

  /** {@code axle.loadbalance.strategy.<service>[.<schema>[.<operation>]]}. */
  public static final ConfigKey<String> LOADBALANCE_STRATEGY = ConfigKey.choiceKey(
      "axle.loadbalance.strategy", "round-robin",
      "How a consumer picks among a service's UP instances, per service, schema or operation: round-robin, "
          + "weighted-random (by each instance's weight property) or least-outstanding (the fewer calls in "
          + "flight of two picked at random).",
      "round-robin", "weighted-random", "least-outstanding").orNamed("the name of a registered load balancer")
      .family().live();

  public static final ConfigKey<Duration> LOADBALANCE_ISOLATION_BACKOFF = ConfigKey.durationKey(
      "axle.loadbalance.isolation.backoff", Duration.ofSeconds(1),
      "How long an instance whose connection failed is skipped (while another can be picked) before a call "
          + "tries it again; doubles at each further failure in a row, up to max-backoff.");

  public static final ConfigKey<Duration> LOADBALANCE_ISOLATION_MAX_BACKOFF = ConfigKey.durationKey(
      "axle.loadbalance.isolation.max-backoff", Duration.ofSeconds(30),
      "The longest an instance is skipped after connection failures in a row.");

  public static final ConfigKey<Duration> LOADBALANCE_ISOLATION_REFUSED_BACKOFF = ConfigKey.durationKey(
      "axle.loadbalance.isolation.refused-backoff", Duration.ofMillis(100),
      "How long an instance that refused a call before running it (at a limit, queue full, stopping) is skipped "
          + "while another can be picked; 0 does not skip it.").live();

  /** {@code axle.governance.retry.attempts[.<service>[.<schema>[.<operation>]]]}. */
  public static final ConfigKey<Integer> RETRY_ATTEMPTS = ConfigKey.intKey(
      "axle.governance.retry.attempts", 2, 1, 10,
      "Consumer, for idempotent operations: how many times a call may be sent in all, the first included, "
          + "when it fails with CONNECTION_FAILED, OVERLOADED, SHUTTING_DOWN, PROVIDER_ERROR or INTERNAL_ERROR; "
          + "1 sends it once.").family().live();

  /** {@code axle.governance.retry.idempotent[.<service>[.<schema>[.<operation>]]]}: overrides {@code @Idempotent}. */
  public static final ConfigKey<Boolean> RETRY_IDEMPOTENT = ConfigKey.booleanKey(
      "axle.governance.retry.idempotent", false,
      "Consumer: treat the operations of a service, schema or operation as idempotent (as @Idempotent on the "
          + "method does), so that axle.governance.retry.attempts applies to them.").family().live();

  public static final ConfigKey<Duration> RETRY_BACKOFF = ConfigKey.durationKey(
      "axle.governance.retry.backoff", Duration.ofMillis(10),
      "Consumer: the pause before the first retry, doubled before each further one, with jitter of half of "
          + "it either way; never past the call's deadline.").family().live();

  public static final ConfigKey<Integer> RETRY_BUDGET_PERCENT = ConfigKey.intKey(
      "axle.governance.retry.budget-percent", 10, 0, 100,
      "Consumer: retries to a service, hedges and resends of calls a provider refused before running them may "
          + "add at most this share of its calls over the last 10 seconds, in percent, plus the reserve of "
          + "budget-min-per-second, so that they cannot multiply the load of an outage.").live();

  public static final ConfigKey<Integer> RETRY_BUDGET_MIN_PER_SECOND = ConfigKey.intKey(
      "axle.governance.retry.budget-min-per-second", 10, 0, 1_000_000,
      "Consumer: a reserve of this many retries a second to a service (counted over 10 seconds), whatever its "
          + "traffic, so that a quiet service can retry at all.").live();

  /** {@code axle.governance.hedge.delay[.<service>[.<schema>[.<operation>]]]}: none hedges nothing. */
  public static final ConfigKey<HedgeDelay> HEDGE_DELAY = ConfigKey.custom(
      "axle.governance.hedge.delay", null, HedgeDelay.EXPECTED, HedgeDelay::parse,
      "Consumer, for idempotent operations: when a call has not answered after this time (a duration, or a "
          + "percentile of the operation's latency such as p95), send a second attempt to another instance and take "
          + "the first answer; takes the place of retries for the operation; unset hedges nothing.").family().live();

  /** {@code axle.governance.fault.delay[.<schema>[.<operation>]]}: provider-side fault injection. */
  public static final ConfigKey<Duration> FAULT_DELAY = ConfigKey.durationKey(
      "axle.governance.fault.delay", Duration.ZERO,
      "Provider fault injection, per schema or operation: hold each affected call this long before its method "
          + "runs, on the thread that runs it; 0 injects no delay.").family().live();

  public static final ConfigKey<Integer> FAULT_DELAY_PERCENT = ConfigKey.intKey(
      "axle.governance.fault.delay-percent", 100, 0, 100,
      "The share of calls, in percent, that axle.governance.fault.delay holds.").family().live();

  /** {@code axle.governance.fault.abort[.<schema>[.<operation>]]}: the status a faulted call fails with. */
  public static final ConfigKey<String> FAULT_ABORT = ConfigKey.choiceKey(
      "axle.governance.fault.abort", null,
      "Provider fault injection, per schema or operation: fail each affected call with this status without "
          + "running its method; unset aborts none.",
      "BAD_REQUEST", "NOT_FOUND", "PROVIDER_ERROR", "OVERLOADED", "DEADLINE_EXCEEDED", "SHUTTING_DOWN",
      "INTERNAL_ERROR").family().live();

  public static final ConfigKey<Integer> FAULT_ABORT_PERCENT = ConfigKey.intKey(
      "axle.governance.fault.abort-percent", 100, 0, 100,
      "The share of calls, in percent, that axle.governance.fault.abort fails.").family().live();

  /** {@code axle.registry.local.<service>}. */
  public static final ConfigKey<List<String>> REGISTRY_LOCAL = ConfigKey.listKey(
      "axle.registry.local",
      "Endpoints of a service, as transport://host:port URIs, keyed by service name.",
      "a list of transport://host:port, e.g. highway://127.0.0.1:7070, rest://127.0.0.1:8080: the scheme is "
          + "the transport's name, not http://, and the host one a client can reach, not 0.0.0.0",
      EndpointUris::isValid).family();

  /** {@code axle.registry.schemas.<service>}: optional; without it, any schema id of the service is accepted. */
  public static final ConfigKey<List<String>> REGISTRY_SCHEMAS = ConfigKey.listKey(
      "axle.registry.schemas",
      "Schema ids a service serves, keyed by service name, so that a reference to any other schema id of it "
          + "fails when it is made rather than at its first call.",
      "a list of schema ids, e.g. PerfService",
      id -> id.matches("[A-Za-z_][A-Za-z0-9_\\-]*")).family();

  /**
   * {@code axle.schemas.<schemaId>.transports}: the transports that serve a schema; unset means
   * what the code chose ({@code @RpcSchema(transports = …)}), else every transport on the class path.
   */
  public static final ConfigKey<List<String>> SCHEMAS = ConfigKey.listKey(
      "axle.schemas",
      "Per schema, as axle.schemas.<schemaId>.transports: the transports that serve it, overriding the code's "
          + "choice; default: every transport on the class path.",
      "a list of transport names, e.g. [rest]",
      name -> name.matches("[A-Za-z]+(-[A-Za-z]+)*")).family();

  public static final ConfigKey<Integer> EXECUTOR_DEFAULT_GROUP = ConfigKey.intKey(
      "axle.executor.default.group", 2, 1, Integer.MAX_VALUE,
      "Number of thread groups in the default grouped executor.").live();

  public static final ConfigKey<Integer> EXECUTOR_DEFAULT_THREAD_PER_GROUP = ConfigKey.intKey(
      "axle.executor.default.thread-per-group", 8, 1, Integer.MAX_VALUE,
      "Number of threads in each group of the default grouped executor.").live();

  public static final ConfigKey<Integer> EXECUTOR_DEFAULT_MAX_QUEUE_SIZE = ConfigKey.intKey(
      "axle.executor.default.max-queue-size", 10000, 1, Integer.MAX_VALUE,
      "Maximum number of queued tasks per group of the default grouped executor before calls are rejected.").live();

  public static final ConfigKey<String> EXECUTOR_DEFAULT_HAND_OFF = ConfigKey.choiceKey(
      "axle.executor.default.hand-off", "burst",
      "How the event loop hands requests to the built-in group and virtual executors: burst (the requests of one "
          + "loop iteration as one task, one worker or virtual thread woken; shared out when some still wait burst-stall after the first started) or task (each request "
          + "its own task).",
      "burst", "task").live();

  public static final ConfigKey<Duration> EXECUTOR_DEFAULT_BURST_STALL = ConfigKey.durationKey(
      "axle.executor.default.burst-stall", Duration.ofMillis(1), Duration.ofMillis(1),
      "With hand-off burst: how long after a burst's first request started the requests still waiting in it are "
          + "shared out to idle workers.").live();

  public static final ConfigKey<String> EXECUTORS_DEFAULT = ConfigKey.choiceKey(
      "axle.executors.default", "group",
      "Executor that runs provider operations unless axle.executors.Provider says otherwise.",
      "inline", "group", "virtual").orNamed(EXECUTOR_NAME).live();

  /** {@code axle.executors.Provider.<schema>[.<operation>]}; unset means {@link #EXECUTORS_DEFAULT}. */
  public static final ConfigKey<String> EXECUTORS_PROVIDER = ConfigKey.choiceKey(
      "axle.executors.Provider", null,
      "Executor for the operations of one schema or one operation, overriding axle.executors.default.",
      "inline", "group", "virtual").orNamed(EXECUTOR_NAME).family().live();

  /**
   * The names registered at run time that the executor keys may give, for {@link AxleConfig#validate(
   * java.util.Collection, Map)}: the executors the application registered by name.
   */
  public static Map<String, Set<String>> executorNames(Set<String> registered) {
    Set<String> names = Set.copyOf(registered);
    return Map.of(EXECUTORS_DEFAULT.name(), names, EXECUTORS_PROVIDER.name(), names);
  }

  /** {@code axle.references.transport.<service>[.<schema>[.<operation>]]}. */
  public static final ConfigKey<String> REFERENCES_TRANSPORT = ConfigKey.choiceKey(
      "axle.references.transport", "highway",
      "Transport used to call a service, schema or operation.",
      "highway", "rest").family().live();

  /** {@code axle.request.timeout.<service>[.<schema>[.<operation>]]}. */
  public static final ConfigKey<Duration> REQUEST_TIMEOUT = ConfigKey.durationKey(
      "axle.request.timeout", Duration.ofMillis(30000), Duration.ofMillis(1),
      "How long a consumer waits for a response before failing the call.").family().live();

  public static final ConfigKey<Duration> SHUTDOWN_TIMEOUT = ConfigKey.durationKey(
      "axle.shutdown.timeout", Duration.ofSeconds(10),
      "How long stopping waits for in-flight calls to complete.").live();

  public static final ConfigKey<Duration> METRICS_WINDOW_TIME = ConfigKey.durationKey(
      "axle.metrics.window_time", Duration.ofMillis(1000), Duration.ofMillis(100),
      "Length of a metrics window.");

  public static final ConfigKey<String> TRANSPORT_NATIVE = ConfigKey.choiceKey(
      "axle.transport.native", "auto",
      "Netty's native epoll transport for every connection: auto (where it loads, NIO elsewhere), true (stop "
          + "the start where it does not load) or false (NIO).",
      "auto", "true", "false");

  public static final ConfigKey<Boolean> CONFIG_FILE_WATCH = ConfigKey.booleanKey(
      "axle.config.file-watch.enabled", false,
      "Watches axle.config.file-watch.path while the service runs and applies what changes in it "
          + "(docs/live-configuration.md).");

  public static final ConfigKey<String> CONFIG_FILE_WATCH_PATH = ConfigKey.stringKey(
      "axle.config.file-watch.path", AxleConfig.FILE_NAME,
      "The YAML file axle.config.file-watch.enabled watches, relative to the working directory or absolute.");

  public static final ConfigKey<Duration> CONFIG_FILE_WATCH_INTERVAL = ConfigKey.durationKey(
      "axle.config.file-watch.interval", Duration.ofSeconds(1), Duration.ofMillis(50),
      "How often the watched file is read for changes.");

  private static final List<ConfigKey<?>> KEYS = List.of(
      SERVICE_NAME, SERVICE_VERSION, REGISTRY_TYPE, REGISTRY_REGISTER, REGISTRY_INSTANCE_ID, REGISTRY_ADVERTISE_HOST,
      REGISTRY_PROPERTIES, REGISTRY_DEREGISTER_WAIT, REGISTRY_LOCAL, REGISTRY_SCHEMAS, SCHEMAS,
      LOADBALANCE_STRATEGY, LOADBALANCE_ISOLATION_BACKOFF, LOADBALANCE_ISOLATION_MAX_BACKOFF,
      LOADBALANCE_ISOLATION_REFUSED_BACKOFF,
      FAULT_DELAY, FAULT_DELAY_PERCENT, FAULT_ABORT, FAULT_ABORT_PERCENT,
      RETRY_ATTEMPTS, RETRY_IDEMPOTENT, RETRY_BACKOFF, RETRY_BUDGET_PERCENT, RETRY_BUDGET_MIN_PER_SECOND,
      HEDGE_DELAY,
      EXECUTOR_DEFAULT_GROUP, EXECUTOR_DEFAULT_THREAD_PER_GROUP, EXECUTOR_DEFAULT_MAX_QUEUE_SIZE,
      EXECUTOR_DEFAULT_HAND_OFF, EXECUTOR_DEFAULT_BURST_STALL,
      EXECUTORS_DEFAULT, EXECUTORS_PROVIDER,
      REFERENCES_TRANSPORT, REQUEST_TIMEOUT, SHUTDOWN_TIMEOUT, METRICS_WINDOW_TIME, TRANSPORT_NATIVE,
      CONFIG_FILE_WATCH, CONFIG_FILE_WATCH_PATH, CONFIG_FILE_WATCH_INTERVAL);

  private static String instanceId(String text) {
    String id = text.strip();
    if (!id.matches("[A-Za-z0-9][A-Za-z0-9._-]*")) {
      throw new IllegalArgumentException(text);
    }
    return id;
  }

  /** Public for {@link java.util.ServiceLoader}; the keys themselves are the constants. */
  public CoreConfigKeys() {
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return KEYS;
  }
}
