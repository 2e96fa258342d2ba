package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.testing.AxleExtension;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The ZooKeeper registry is chosen by configuration alone, read from the Spring Environment like
 * every other key: a provider application registers there, a consumer application with no
 * hand-typed list finds it there and calls it, and a provider that closes leaves the list.
 */
class ZooKeeperRegistryBootTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void aBootProviderRegistersInZooKeeper_andABootConsumerFindsItThere() throws Exception {
    try (TestingServer zookeeper = new TestingServer(true)) {
      String[] registry = {"--axle.registry.type=zookeeper",
          "--axle.registry.zookeeper.connect-string=" + zookeeper.getConnectString(),
          "--axle.registry.deregister-wait=100ms"};
      ConfigurableApplicationContext provider = Apps.run(runtimes, ProviderConsumerTest.ProviderApp.class,
          concat(registry, "--axle.service.name=echo-service", "--axle.registry.instance-id=echo-boot-1"));
      try (ConfigurableApplicationContext consumer = Apps.run(runtimes, ProviderConsumerTest.ConsumerApp.class,
          concat(registry, "--axle.service.name=consumer"))) {
        ProviderConsumerTest.Caller caller = consumer.getBean(ProviderConsumerTest.Caller.class);
        assertThat(caller.echo.echo("through ZooKeeper")).isEqualTo("through ZooKeeper");

        String path = "/axle/services/echo-service/echo-boot-1";
        try (var client = org.apache.curator.framework.CuratorFrameworkFactory.newClient(
            zookeeper.getConnectString(), new org.apache.curator.retry.RetryOneTime(100))) {
          client.start();
          assertThat(client.checkExists().forPath(path)).isNotNull();
          // A graceful stop deregisters before it returns.
          provider.close();
          assertThat(client.checkExists().forPath(path)).isNull();
        }
      } finally {
        provider.close();
      }
    }
  }

  private static String[] concat(String[] first, String... more) {
    String[] all = java.util.Arrays.copyOf(first, first.length + more.length);
    System.arraycopy(more, 0, all, first.length, more.length);
    return all;
  }
}
