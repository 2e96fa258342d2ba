package io.axle.spring;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.testing.AxleExtension;
import java.io.ByteArrayOutputStream;
import java.io.File;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/getting-started.md, followed literally: every file it shows is written out as shown, its Java
 * compiled, and the two applications run in class loaders of their own (the starter's main class path,
 * not this module's test resources), the consumer over highway and then after the guide's one-line
 * switch over REST. Only the listening addresses are overridden, to ephemeral ports; the consumer is
 * given just the endpoint of the transport it should use, so a call over the other one could not succeed. Each
 * application's runtime keeps books, through {@link LoaderBooks}: every call of the guide ends exactly once.
 */
@Tag("slow")
class GettingStartedGuideTest {
  private static final Path GUIDE = Path.of("..", "docs", "getting-started.md");
  private static final Pattern FILE = Pattern.compile("(?m)^File `([^`]+)`:\\s*\\n+```\\w*\\n(.*?)\\n```", Pattern.DOTALL);
  private static final Pattern SAME_AS_PROVIDER =
      Pattern.compile("(?m)^File `hello-consumer/([^`]+)`: the same file as the provider's");
  /** {@code curl -s -X POST localhost:8080<path> … -d '<body>'}, then {@code # <answer>} on the next line. */
  private static final Pattern CURL =
      Pattern.compile("(?m)^curl -s -X POST localhost:8080(\\S+) .*-d '([^']*)'\\s*\\n# (.*)$");
  private static final Pattern CONSUMER_POM =
      Pattern.compile("(?m)^File `hello-consumer/pom.xml`: the provider's, with one line changed —\\s*`([^`]+)`");
  private static final Pattern APPEND = Pattern.compile("(?m)^Append to `([^`]+)`:\\s*\\n+```\\w*\\n(.*?)\\n```",
      Pattern.DOTALL);

  @TempDir
  static Path folder;
  private static String guide;

  @RegisterExtension
  final AxleExtension runtimes = new AxleExtension();

  @BeforeAll
  static void writeOutTheGuidesFiles() throws IOException {
    guide = Files.readString(GUIDE);
    Map<String, String> files = new LinkedHashMap<>();
    Matcher file = FILE.matcher(guide);
    while (file.find()) {
      files.put(file.group(1), file.group(2) + "\n");
    }
    Matcher same = SAME_AS_PROVIDER.matcher(guide);
    while (same.find()) {
      files.put("hello-consumer/" + same.group(1), files.get("hello-provider/" + same.group(1)));
    }
    Matcher pom = CONSUMER_POM.matcher(guide);
    if (pom.find()) {
      files.put("hello-consumer/pom.xml", files.get("hello-provider/pom.xml")
          .replace("<artifactId>hello-provider</artifactId>", pom.group(1)));
    }
    assertThat(files).containsKeys("hello-provider/src/main/java/hello/GreeterImpl.java", "hello-consumer/pom.xml",
        "hello-provider/src/main/resources/microservice.yaml",
        "hello-consumer/src/main/java/hello/Greeter.java",
        "hello-consumer/src/main/java/hello/ConsumerApplication.java",
        "hello-consumer/src/main/resources/microservice.yaml");
    for (Map.Entry<String, String> entry : files.entrySet()) {
      Path path = folder.resolve(entry.getKey());
      Files.createDirectories(path.getParent());
      Files.writeString(path, entry.getValue());
    }
  }

  @Test
  void theGuidesApplications_talkOverHighway_thenOverRestAfterItsOneLineSwitch() throws Exception {
    ClassLoader provider = build("hello-provider");
    LoaderBooks providerBooks = LoaderBooks.keep(runtimes, "hello-provider", provider);
    Object providerContext = run(provider, "hello.ProviderApplication", providerBooks,
        "--axle.highway.address=127.0.0.1:0", "--axle.rest.address=127.0.0.1:0");
    try {
      int highway = port(provider, providerContext, "highway");
      int rest = port(provider, providerContext, "rest");

      Matcher curl = CURL.matcher(guide);
      assertThat(curl.find()).as("the guide's curl call").isTrue();
      HttpResponse<String> answer = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
              URI.create("http://127.0.0.1:" + rest + curl.group(1)))
          .header("content-type", "application/json")
          .POST(HttpRequest.BodyPublishers.ofString(curl.group(2))).build(), HttpResponse.BodyHandlers.ofString());
      assertThat(answer.body()).isEqualTo(curl.group(3));

      ClassLoader consumer = build("hello-consumer");
      LoaderBooks overHighwayBooks = LoaderBooks.keep(runtimes, "hello-consumer over highway", consumer);
      String overHighway = consumerOutput(consumer, overHighwayBooks,
          "--axle.registry.local.hello-provider=highway://127.0.0.1:" + highway);
      assertThat(overHighway).contains("Hello, world!" + System.lineSeparator() + "Hello, async world!");

      Matcher append = APPEND.matcher(guide);
      assertThat(append.find()).as("the guide's one-line switch").isTrue();
      assertThat(append.group(2).lines()).hasSize(1);
      Path yaml = folder.resolve(append.group(1));
      Files.writeString(yaml, Files.readString(yaml) + append.group(2) + "\n");
      ClassLoader switched = build("hello-consumer");
      LoaderBooks overRestBooks = LoaderBooks.keep(runtimes, "hello-consumer over rest", switched);
      String overRest = consumerOutput(switched, overRestBooks,
          "--axle.registry.local.hello-provider=rest://127.0.0.1:" + rest);
      assertThat(overRest).contains("Hello, world!" + System.lineSeparator() + "Hello, async world!");
      // The books heard every call: each consumer's two, and the provider those four and the curl's. Each must have
      // ended once when the test ends.
      assertThat(overHighwayBooks.callsHeard()).isEqualTo(2);
      assertThat(overRestBooks.callsHeard()).isEqualTo(2);
      assertThat(providerBooks.callsHeard()).isEqualTo(5);
    } finally {
      close(providerContext);
    }
  }

  /** Compiles an application and copies its resources, as {@code mvn package} would; its own class loader. */
  private static ClassLoader build(String application) throws IOException {
    Path root = folder.resolve(application);
    Path classes = Files.createTempDirectory(folder, application + "-classes");
    List<String> sources;
    try (Stream<Path> walk = Files.walk(root.resolve("src/main/java"))) {
      sources = walk.filter(p -> p.toString().endsWith(".java")).map(Path::toString).toList();
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-classpath", mainClassPath(),
        "--release", "21"));
    if (Files.readString(root.resolve("pom.xml")).contains("<maven.compiler.parameters>true<")) {
      arguments.add("-parameters"); // as maven-compiler-plugin does for that property
    }
    arguments.addAll(sources);
    ByteArrayOutputStream diagnostics = new ByteArrayOutputStream();
    int status = javac.run(null, diagnostics, diagnostics, arguments.toArray(String[]::new));
    assertThat(status).as("javac of %s: %s", application, diagnostics.toString(StandardCharsets.UTF_8)).isZero();
    Path resources = root.resolve("src/main/resources");
    try (Stream<Path> walk = Files.walk(resources)) {
      for (Path resource : walk.filter(Files::isRegularFile).toList()) {
        Path target = classes.resolve(resources.relativize(resource).toString());
        Files.createDirectories(target.getParent());
        Files.copy(resource, target);
      }
    }
    List<URL> urls = new ArrayList<>();
    urls.add(classes.toUri().toURL());
    for (String entry : mainClassPath().split(File.pathSeparator)) {
      urls.add(Path.of(entry).toUri().toURL());
    }
    return new URLClassLoader(application, urls.toArray(URL[]::new), ClassLoader.getPlatformClassLoader());
  }

  /**
   * This module's class path without its test classes and resources (whose microservice.yaml would leak in),
   * and without the web server, Actuator and tracing the module's tests use (WebApplicationTest, ActuatorTest,
   * TracingBootTest): the guide's applications have none of them, and with Tomcat present Boot would make them
   * web applications.
   */
  private static String mainClassPath() {
    return Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(entry -> !entry.endsWith("test-classes"))
        .filter(entry -> !isNotTheGuides(Path.of(entry).getFileName().toString()))
        .reduce((a, b) -> a + File.pathSeparator + b)
        .orElseThrow();
  }

  /** The web server, Actuator and tracing: test dependencies, or optional ones, which the guide's pom does not bring. */
  private static boolean isNotTheGuides(String name) {
    return name.startsWith("tomcat-embed-") || name.startsWith("spring-webmvc") || name.startsWith("spring-boot-web")
        || name.startsWith("spring-boot-tomcat") || name.startsWith("spring-boot-starter-web")
        || name.startsWith("spring-boot-starter-tomcat") || name.startsWith("spring-boot-servlet")
        || name.startsWith("spring-boot-actuator") || name.startsWith("spring-boot-starter-actuator")
        || name.startsWith("spring-boot-health") || name.startsWith("spring-boot-micrometer")
        || name.startsWith("spring-boot-opentelemetry") || name.startsWith("spring-boot-starter-opentelemetry")
        || name.startsWith("spring-boot-starter-micrometer") || name.startsWith("micrometer-tracing")
        || name.startsWith("micrometer-registry-otlp") || name.startsWith("opentelemetry-");
  }

  /**
   * {@code SpringApplication.run(mainClass, args)} inside the application's class loader, its runtime keeping
   * {@code books} ({@link LoaderBooks}: {@link Apps#books} across class loaders); its context.
   */
  private static Object run(ClassLoader loader, String mainClass, LoaderBooks books, String... args)
      throws Exception {
    return inLoader(loader, () -> {
      Class<?> spring = loader.loadClass("org.springframework.boot.SpringApplication");
      Object application = spring.getConstructor(Class[].class)
          .newInstance((Object) new Class<?>[] {loader.loadClass(mainClass)});
      Object initializers = books.initializers();
      spring.getMethod("addInitializers", initializers.getClass()).invoke(application, initializers);
      return spring.getMethod("run", String[].class).invoke(application, (Object) args);
    });
  }

  /** Runs the consumer as its main method does, but closes it instead of exiting; what it printed. */
  private static String consumerOutput(ClassLoader consumer, LoaderBooks books, String... args) throws Exception {
    PrintStream original = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      close(run(consumer, "hello.ConsumerApplication", books, args));
    } finally {
      System.setOut(original);
    }
    String output = printed.toString(StandardCharsets.UTF_8);
    original.print(output);
    return output;
  }

  private static int port(ClassLoader loader, Object context, String transport) throws Exception {
    Class<?> holderType = loader.loadClass("io.axle.spring.AxleRuntimeHolder");
    Object holder = context.getClass().getMethod("getBean", Class.class).invoke(context, holderType);
    Object axle = holderType.getMethod("axle").invoke(holder);
    Optional<?> endpoint = (Optional<?>) axle.getClass().getMethod("endpoint", String.class).invoke(axle, transport);
    Object bound = endpoint.orElseThrow(() -> new AssertionError("the provider serves no " + transport));
    return (int) bound.getClass().getMethod("port").invoke(bound);
  }

  private static void close(Object context) throws Exception {
    ((AutoCloseable) context).close();
  }

  private static <T> T inLoader(ClassLoader loader, Callable<T> action) throws Exception {
    Thread thread = Thread.currentThread();
    ClassLoader previous = thread.getContextClassLoader();
    thread.setContextClassLoader(loader);
    try {
      return action.call();
    } finally {
      thread.setContextClassLoader(previous);
    }
  }
}
