package io.axle.config;

import java.util.List;

/**
 * Service-loader SPI through which each module declares the keys it reads, so that validation knows
 * every legitimate key without core depending on the modules. Register implementations in
 * {@code META-INF/services/io.axle.config.ConfigKeyProvider}; they need a public no-argument constructor.
 */
public interface ConfigKeyProvider {

  List<ConfigKey<?>> keys();
}
