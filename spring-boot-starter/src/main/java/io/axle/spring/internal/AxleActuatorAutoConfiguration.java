package io.axle.spring.internal;

import org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * With Actuator on the class path: the {@code axle} health component and the {@code axle} endpoint.
 * Without it nothing here is loaded (the conditions name the classes, so this class's own references
 * to them are never resolved).
 */
@AutoConfiguration(after = AxleAutoConfiguration.class)
public class AxleActuatorAutoConfiguration {

  /** Health: {@code spring-boot-health} (which Actuator brings). The bean name makes the component {@code axle}. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.health.contributor.HealthIndicator")
  static class Health {
    @Bean
    @ConditionalOnMissingBean(name = "axleHealthIndicator")
    AxleHealthIndicator axleHealthIndicator(AxleLifecycle axleLifecycle) {
      return new AxleHealthIndicator(axleLifecycle);
    }
  }

  /** The endpoint: Actuator's auto-configuration, and only when it is enabled and exposed. */
  @Configuration(proxyBeanMethods = false)
  @ConditionalOnClass(name = "org.springframework.boot.actuate.autoconfigure.endpoint.condition.ConditionalOnAvailableEndpoint")
  static class Endpoint {
    @Bean
    @ConditionalOnMissingBean
    @ConditionalOnAvailableEndpoint
    AxleEndpoint axleEndpoint(AxleLifecycle axleLifecycle) {
      return new AxleEndpoint(axleLifecycle);
    }
  }
}
