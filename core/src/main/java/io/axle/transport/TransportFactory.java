package io.axle.transport;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigKey;
import java.util.List;

/**
 * Creates a transport. Listed in {@code META-INF/services/io.axle.transport.TransportFactory}
 * so that putting a transport's jar on the class path is all it takes to use it.
 */
public interface TransportFactory {
  /** The scheme in registry URIs and the value of {@code axle.references.transport}. */
  String name();

  /** How many event loops the transport wants, so the shared Vert.x is sized for all of them. */
  int eventLoops(AxleConfig config);

  Transport create(TransportContext context);

  /** The configuration keys this transport reads, for validation and docs. */
  List<ConfigKey<?>> configKeys();
}
