package io.axle.rest;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.rest.internal.RestTransport;
import io.axle.transport.Transport;
import io.axle.transport.TransportContext;
import io.axle.transport.TransportFactory;
import java.util.List;

/** Creates the REST transport; registered for {@link java.util.ServiceLoader}. */
public final class RestTransportFactory implements TransportFactory {
  public static final String NAME = RestTransport.NAME;

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
