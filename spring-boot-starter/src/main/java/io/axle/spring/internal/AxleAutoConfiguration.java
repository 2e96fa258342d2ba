package io.axle.spring.internal;

import io.axle.config.AxleConfig;
import io.axle.executor.AxleExecutor;
import io.axle.spring.AxleBuilderCustomizer;
import java.util.Set;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.ApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.ConfigurableEnvironment;

/**
 * The starter's beans: the configuration read from the Environment, the {@code @RpcReference} injector and
 * the lifecycle that runs the runtime (which is also the {@link io.axle.spring.AxleRuntimeHolder}).
 */
@AutoConfiguration
public class AxleAutoConfiguration {

  /**
   * Read and validated while the context is created, so that a bad or unknown {@code axle.} key fails
   * before any bean that depends on it, naming the property source it came from.
   */
  @Bean
  @ConditionalOnMissingBean
  AxleConfig axleConfig(ConfigurableEnvironment environment, ApplicationContext context) {
    boolean webServer = WebServerPorts.hasWebServer(context);
    // The executors the application declares as beans, by name: configuration may name them, and a name that
    // is none of them is reported with every other problem. Not instantiated here (no eager init). A
    // customizer may register more (Axle.Builder.executor), known only when the runtime starts: then the
    // runtime checks the names, with the executors it was given.
    boolean customized = context.getBeanNamesForType(AxleBuilderCustomizer.class, true, false).length > 0;
    Set<String> executors = customized ? null : Set.of(context.getBeanNamesForType(AxleExecutor.class, true, false));
    AxleConfig config = EnvironmentConfig.read(environment, webServer, executors);
    if (webServer) {
      WebServerPorts.checkNoClash(config, environment);
    }
    return config;
  }

  /** Static: a post-processor must exist before the beans it processes, without this class's instance. */
  @Bean
  static RpcReferenceInjector axleRpcReferenceInjector() {
    return new RpcReferenceInjector();
  }

  @Bean
  AxleLifecycle axleLifecycle(AxleConfig axleConfig, ConfigurableListableBeanFactory beanFactory,
      RpcReferenceInjector axleRpcReferenceInjector, ConfigurableEnvironment environment, ApplicationContext context) {
    return new AxleLifecycle(axleConfig, beanFactory, axleRpcReferenceInjector,
        new EnvironmentConfigSource(environment, WebServerPorts.hasWebServer(context)));
  }
}
