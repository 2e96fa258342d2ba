package io.axle.rest.server;

import io.axle.Axle;
import io.axle.testing.EchoService;
import io.axle.testing.Runtimes;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds REST-only providers on loopback with an ephemeral port and one server and one client loop. */
final class Providers {
  private Providers() {
  }

  static Map<String, Object> config(Map<String, ?> extra) {
    Map<String, Object> entries = new LinkedHashMap<>();
    entries.put("axle.service.name", "rest-server-test");
    entries.put("axle.rest.address", "127.0.0.1:0");
    entries.put("axle.rest.server.thread-count", 1);
    entries.put("axle.rest.client.thread-count", 1);
    entries.putAll(extra);
    return entries;
  }

  /** Serves {@link UserApi} as schema {@code UserApi} and an {@link EchoService} as {@code EchoService}. */
  static Axle.Builder both(UserApi users, EchoService echo, Map<String, ?> extra) {
    return Axle.builder().config(Runtimes.config(config(extra)))
        .provider("UserApi", UserApi.class, users)
        .provider(Runtimes.SCHEMA, EchoService.class, echo);
  }
}
