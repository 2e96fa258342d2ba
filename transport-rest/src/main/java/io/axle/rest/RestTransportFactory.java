package io.axle.rest;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestTransport;
import io.axle.transport.Transport;
import io.axle.transport.TransportContext;
import io.axle.transport.TransportFactory;
import java.util.List;

/** Creates the REST transport; registered for {@link java.util.ServiceLoader}. */
public final class RestTransportFactory implements TransportFactory {
  public static final String NAME = RestTransport.NAME;

  static {
    // Jackson's classes take ~0.15 s to load and link, a fifth of a REST provider's start. The
    // runtime finds this factory before it builds Vert.x, so one throwaway codec made now, on a
    // thread of its own, loads them while Vert.x starts; the transport's own codec is then quick.
    Thread.ofPlatform().daemon().name("axle-rest-warm-up").start(RestJson::new);
  }

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int eventLoops(AxleConfig config) {
    return config.get(RestConfigKeys.SERVER_THREAD_COUNT) + config.get(RestConfigKeys.CLIENT_THREAD_COUNT);
  }

  @Override
  public Transport create(TransportContext context) {
    return new RestTransport(context);
  }

  @Override
  public List<ConfigKey<?>> configKeys() {
    return RestConfigKeys.ALL;
  }
}
