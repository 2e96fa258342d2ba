package io.axle.config;

import io.axle.config.internal.EndpointUris;
import java.time.Duration;
import java.util.List;

/** The keys core reads. Registered as a {@link ConfigKeyProvider} so tools see them like any module's. */
public final class CoreConfigKeys implements ConfigKeyProvider {

  private static final String EXECUTOR_NAME = "the name of a registered executor";

  public static final ConfigKey<String> SERVICE_NAME = ConfigKey.stringKey(
      "axle.service.name", "axle-service", "This microservice's name.");

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
      "Number of thread groups in the default grouped executor.");

  public static final ConfigKey<Integer> EXECUTOR_DEFAULT_THREAD_PER_GROUP = ConfigKey.intKey(
      "axle.executor.default.thread-per-group", 8, 1, Integer.MAX_VALUE,
      "Number of threads in each group of the default grouped executor.");

  public static final ConfigKey<Integer> EXECUTOR_DEFAULT_MAX_QUEUE_SIZE = ConfigKey.intKey(
      "axle.executor.default.max-queue-size", 10000, 1, Integer.MAX_VALUE,
      "Maximum number of queued tasks per group of the default grouped executor before calls are rejected.");

  public static final ConfigKey<String> EXECUTORS_DEFAULT = ConfigKey.choiceKey(
      "axle.executors.default", "group",
      "Executor that runs provider operations unless axle.executors.Provider says otherwise.",
      "inline", "group", "virtual").orNamed(EXECUTOR_NAME);

  /** {@code axle.executors.Provider.<schema>[.<operation>]}; unset means {@link #EXECUTORS_DEFAULT}. */
  public static final ConfigKey<String> EXECUTORS_PROVIDER = ConfigKey.choiceKey(
      "axle.executors.Provider", null,
      "Executor for the operations of one schema or one operation, overriding axle.executors.default.",
      "inline", "group", "virtual").orNamed(EXECUTOR_NAME).family();

  /** {@code axle.references.transport.<service>[.<schema>[.<operation>]]}. */
  public static final ConfigKey<String> REFERENCES_TRANSPORT = ConfigKey.choiceKey(
      "axle.references.transport", "highway",
      "Transport used to call a service, schema or operation.",
      "highway", "rest").family();

  /** {@code axle.request.timeout.<service>[.<schema>[.<operation>]]}. */
  public static final ConfigKey<Duration> REQUEST_TIMEOUT = ConfigKey.durationKey(
      "axle.request.timeout", Duration.ofMillis(30000), Duration.ofMillis(1),
      "How long a consumer waits for a response before failing the call.").family();

  public static final ConfigKey<Duration> SHUTDOWN_TIMEOUT = ConfigKey.durationKey(
      "axle.shutdown.timeout", Duration.ofSeconds(10),
      "How long stopping waits for in-flight calls to complete.");

  public static final ConfigKey<Duration> METRICS_WINDOW_TIME = ConfigKey.durationKey(
      "axle.metrics.window_time", Duration.ofMillis(1000), Duration.ofMillis(100),
      "Length of a metrics window.");

  private static final List<ConfigKey<?>> KEYS = List.of(
      SERVICE_NAME, REGISTRY_LOCAL, REGISTRY_SCHEMAS, SCHEMAS,
      EXECUTOR_DEFAULT_GROUP, EXECUTOR_DEFAULT_THREAD_PER_GROUP, EXECUTOR_DEFAULT_MAX_QUEUE_SIZE,
      EXECUTORS_DEFAULT, EXECUTORS_PROVIDER,
      REFERENCES_TRANSPORT, REQUEST_TIMEOUT, SHUTDOWN_TIMEOUT, METRICS_WINDOW_TIME);

  /** Public for {@link java.util.ServiceLoader}; the keys themselves are the constants. */
  public CoreConfigKeys() {
  }

  @Override
  public List<ConfigKey<?>> keys() {
    return KEYS;
  }
}
