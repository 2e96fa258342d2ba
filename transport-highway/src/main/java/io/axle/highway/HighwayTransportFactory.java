package io.axle.highway;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.highway.internal.HighwayTransport;
import io.axle.transport.Transport;
import io.axle.transport.TransportContext;
import io.axle.transport.TransportFactory;
import java.util.List;

/** Creates the highway transport; registered for {@link java.util.ServiceLoader}. */
public final class HighwayTransportFactory implements TransportFactory {
  public static final String NAME = HighwayTransport.NAME;

  @Override
  public String name() {
    return NAME;
  }

  @Override
  public int eventLoops(AxleConfig config) {
    return config.get(HighwayConfigKeys.SERVER_THREAD_COUNT) + config.get(HighwayConfigKeys.CLIENT_THREAD_COUNT);
  }

  @Override
  public Transport create(TransportContext context) {
    return new HighwayTransport(context);
  }

  @Override
  public List<ConfigKey<?>> configKeys() {
    return HighwayConfigKeys.ALL;
  }
}
