package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowable;

import io.axle.testing.AxleExtension;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.springframework.boot.Banner;
import org.springframework.boot.SpringBootConfiguration;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Import;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.RestController;

/**
 * A Boot web application (Tomcat, Spring MVC) with the starter, as a new user writes one: its web
 * server and Axle's servers side by side, and an Axle port set to the web server's stops the start
 * before anything listens, naming both keys.
 */
class WebApplicationTest {
  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @Test
  void theWebServerAndAxlesServers_answerSideBySide() throws Exception {
    try (ConfigurableApplicationContext context = webApp(WebApp.class, "--server.port=0")) {
      int webPort = Integer.parseInt(context.getEnvironment().getProperty("local.server.port"));
      int restPort = Apps.endpoint(context, "rest").port();
      assertThat(restPort).isNotEqualTo(webPort);

      HttpResponse<String> controller = LoopbackHttp.get(webPort, "/hello");
      assertThat(controller.statusCode()).isEqualTo(200);
      assertThat(controller.body()).isEqualTo("hello from MVC");

      HttpResponse<String> axle = LoopbackHttp.postJson(restPort, "/EchoService/echo", "{\"message\":\"hello from Axle\"}");
      assertThat(axle.statusCode()).isEqualTo(200);
      assertThat(axle.body()).isEqualTo("\"hello from Axle\"");
    }
  }

  @Test
  void anAxleAddressOnTheWebServersPort_stopsTheStart_namingBothKeys_beforeAnythingListens() throws Exception {
    int port = freePort();
    Throwable failure = catchThrowable(() -> webApp(WebApp.class, "--server.port=" + port,
        "--axle.highway.address=127.0.0.1:" + port).close());

    assertThat(messages(failure)).contains("axle.highway.address: 127.0.0.1:" + port + " (from commandLineArgs) is also "
        + "the web server's port, server.port: " + port + " (expected: a port of its own; its default is 0.0.0.0:7070)")
        // Refused while the configuration bean was made: before any lifecycle, the web server's included, started.
        .contains("Error creating bean with name 'axleConfig'");
    assertThatThrownBy(() -> new Socket(InetAddress.getLoopbackAddress(), port).close())
        .as("nothing listens on the port").isInstanceOf(ConnectException.class);
  }

  @Test
  void anAxleAddressOnTheManagementPort_stopsTheStart_too() throws Exception {
    int port = freePort();
    Throwable failure = catchThrowable(() -> webApp(WebApp.class, "--server.port=0", "--management.server.port=" + port,
        "--axle.rest.address=127.0.0.1:" + port).close());

    assertThat(messages(failure)).contains("axle.rest.address: 127.0.0.1:" + port + " (from commandLineArgs) is also "
        + "the management server's port, management.server.port: " + port + " (expected: a port of its own; without "
        + "axle.rest.address, Axle's REST server listens on 0.0.0.0:7080 in an application with a web server)");
  }

  private ConfigurableApplicationContext webApp(Class<?> source, String... args) {
    return new SpringApplicationBuilder(source).initializers(Apps.books(runtimes, source.getSimpleName())).web(WebApplicationType.SERVLET).bannerMode(Banner.Mode.OFF)
        .logStartupInfo(false).run(args);
  }

  private static int freePort() throws Exception {
    try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      return probe.getLocalPort();
    }
  }

  private static String messages(Throwable failure) {
    assertThat(failure).as("the start's failure").isNotNull();
    return Apps.messages(failure);
  }

  @SpringBootConfiguration
  @EnableAutoConfiguration
  @Import({EchoProvider.class, HelloController.class})
  static class WebApp {
  }

  @RestController
  public static class HelloController {
    @GetMapping("/hello")
    public String hello() {
      return "hello from MVC";
    }
  }
}
