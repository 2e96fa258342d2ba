package io.axle.config;

import java.util.ArrayList;
import java.util.List;

/** Keys a transport module would declare, so tests can use realistic names without depending on it. */
final class TestKeys {

  static final ConfigKey<Integer> THREAD_COUNT = ConfigKey.intKey(
      "axle.highway.server.thread-count", 4, 1, 1024, "Number of server event-loop threads.");
  static final ConfigKey<HostAndPort> ADDRESS = ConfigKey.addressKey(
      "axle.highway.server.address", new HostAndPort("0.0.0.0", 7070), "Listen address.");
  static final ConfigKey<Boolean> SSL = ConfigKey.booleanKey(
      "axle.highway.server.ssl", false, "Whether the server uses TLS.");

  private TestKeys() {
  }

  /** Core's keys plus the test keys, as ConfigKeys.all() would return with a transport module present. */
  static List<ConfigKey<?>> known() {
    List<ConfigKey<?>> keys = new ArrayList<>(new CoreConfigKeys().keys());
    keys.addAll(List.of(THREAD_COUNT, ADDRESS, SSL));
    return keys;
  }
}
