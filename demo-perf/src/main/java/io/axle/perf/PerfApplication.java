package io.axle.perf;

import io.axle.config.AxleConfig;
import java.util.Map;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ApplicationContextInitializer;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;

/**
 * perf.jar's Spring Boot application. Which beans are active depends on the {@link Role}'s profiles: the
 * producer's {@code @RpcSchema} service, or the consumer's {@code @RpcReference}s and load run. The Axle
 * runtime itself is the starter's, exactly as in any user's application.
 */
@SpringBootApplication(proxyBeanMethods = false)
public class PerfApplication {
  /**
   * Applied after its own setup to every application {@link #create} makes in this JVM; null except in tests. How a
   * test gives the runtime of each perf application it starts a listener of its own (PerfBooks, in the test sources:
   * the books of its {@code AxleExtension}), whichever path starts it ({@link PerfMain#run}, a series' steps,
   * {@code Producer.start} and the producer's restarts, {@code Proxy.start}) and on whichever thread, without a
   * parameter threaded through every one of them. Package-private: the jar's applications are configured by their
   * arguments alone.
   */
  static volatile ApplicationContextInitializer<ConfigurableApplicationContext> testInitializer;

  /**
   * The application for {@code role}, printing to {@code output} and stopping on {@code stop}.
   *
   * <p>Quiet: no banner and no start-up info, so the output is the demo's own (ready line, windows,
   * summary). No web server: Axle's transports serve, on their own ports. No Spring shutdown hook: on
   * Ctrl-C the consumer must first finish its run and print the summary, so {@link StopSignal}'s hook
   * stops the run, and the run closes the context, which stops the runtime gracefully.
   */
  public static SpringApplication create(Role role, PerfOutput output, StopSignal stop) {
    SpringApplication application = new SpringApplication(PerfApplication.class);
    application.setBannerMode(Banner.Mode.OFF);
    application.setLogStartupInfo(false);
    application.setWebApplicationType(WebApplicationType.NONE);
    application.setRegisterShutdownHook(false);
    application.setAdditionalProfiles(role.profiles().toArray(String[]::new));
    // Lowest precedence, so any source the user writes wins.
    // The producer logs its windows every second (the article's log); the consumer prints its own figures
    // under each of the driver's windows instead.
    application.setDefaultProperties(role.profiles().contains("consumer")
        ? Map.of("axle.service.name", role.serviceName())
        : Map.of("axle.service.name", role.serviceName(), "axle.metrics.publisher.defaultLog.enabled", "true"));
    application.addInitializers(context -> {
      context.getBeanFactory().registerSingleton("perfOutput", output);
      context.getBeanFactory().registerSingleton("perfStopSignal", stop);
      // The consumer's own windows (stages, connections) need its metrics: consumer.metrics says whether, and a
      // dashboard, which draws them, always asks for them. An axle.metrics.enabled the user wrote still wins
      // (this sits just above the defaults). The value is checked with the other keys, by PerfConfig.
      if (role.profiles().contains("consumer")) {
        boolean wanted = !"false".equalsIgnoreCase(
            context.getEnvironment().getProperty(PerfKeys.CONSUMER_METRICS.name(), "true").trim())
            || isTrue(context.getEnvironment().getProperty(PerfKeys.DASHBOARD.name()));
        context.getEnvironment().getPropertySources().addBefore("defaultProperties",
            new MapPropertySource("perfConsumerMetrics", Map.of("axle.metrics.enabled", Boolean.toString(wanted))));
      }
    });
    ApplicationContextInitializer<ConfigurableApplicationContext> test = testInitializer;
    if (test != null) {
      application.addInitializers(test);
    }
    return application;
  }

  /** A boolean flag as Spring passes it: {@code --flag} alone is an empty value, and means true. */
  private static boolean isTrue(String flag) {
    return flag != null && (flag.isEmpty() || Boolean.parseBoolean(flag.trim()));
  }

  /**
   * Each demo key is parsed by the bean that uses it, as that bean is created: a bad value stops the start
   * before the runtime serves or calls anything.
   */
  @Bean
  PerfConfig perfConfig(AxleConfig axleConfig, ConfigurableEnvironment environment) {
    return PerfConfig.from(axleConfig, environment);
  }
}
