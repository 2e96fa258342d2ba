package io.axle.rest;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestTransport;
import io.axle.transport.Transport;
import io.axle.transport.TransportContext;
import io.axle.transport.TransportFactory;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;

/** Creates the REST transport; registered for {@link java.util.ServiceLoader}. */
public final class RestTransportFactory implements TransportFactory {
  public static final String NAME = RestTransport.NAME;

  private static final AtomicBoolean WARMED = new AtomicBoolean();

  @Override
  public String name() {
    return NAME;
  }

  /**
   * {@inheritDoc}
   *
   * <p>Asked by a starting runtime before it builds Vert.x, so it is where the REST codec's Jackson
   * classes (~0.15 s to load and link, a fifth of a REST provider's start) begin to load: one
   * throwaway codec made on a thread of its own while Vert.x starts, once per process. The
   * transport's own codec is then quick to make.
   */
  @Override
  public int eventLoops(AxleConfig config) {
    if (WARMED.compareAndSet(false, true)) {
      Thread.ofPlatform().daemon().name("axle-rest-warm-up").start(() -> {
        try {
          new RestJson();
        } catch (Throwable ignored) {
          // Only a head start: the transport makes its own codec, and reports whatever fails then.
        }
      });
    }
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
