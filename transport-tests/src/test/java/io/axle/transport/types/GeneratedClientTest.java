package io.axle.transport.types;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.Axle;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.rest.internal.RestJson;
import io.axle.types.DataTypes;
import io.axle.testing.AxleExtension;
import java.io.IOException;
import java.io.StringWriter;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.net.URI;
import java.net.URL;
import java.net.URLClassLoader;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.openapitools.codegen.DefaultGenerator;
import org.openapitools.codegen.config.CodegenConfigurator;

/**
 * What a team consuming Axle over REST does: generate a Java client from the live
 * {@code /openapi.json} with OpenAPI Generator ({@code java}, library {@code native}), compile it,
 * and call every operation of {@link TypesApi} with it. Each call sends a random value the
 * client's own JSON mapper built and must get the same value back (compared as the client writes
 * both), so the document, the server's reading and its writing all agree with a real generator.
 */
@Tag("slow")
class GeneratedClientTest {
  @RegisterExtension
  static final AxleExtension runtimes = new AxleExtension();

  private static final int CASES_PER_OPERATION = 10;

  @TempDir
  static Path work;

  private static Axle provider;
  private static String base;

  @BeforeAll
  static void start() {
    provider = ContractServers.provider(runtimes, builder -> builder
        .provider("TypesApi", TypesApi.class, new TypesImpl()));
    base = ContractServers.restBase(provider);
  }

  @AfterAll
  static void stop() {
    if (provider != null) {
      provider.stop();
    }
  }

  @Test
  void aClientGeneratedFromTheLiveDocument_compilesAndRoundTripsEveryOperation() throws Exception {
    Path spec = work.resolve("openapi.json");
    // HTTP/1.1: the JDK client mishandles a large first answer after an h2c upgrade (docs/rest.md).
    try (HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build()) {
      Files.writeString(spec, http.send(HttpRequest.newBuilder(URI.create(base + "/openapi.json")).build(),
          HttpResponse.BodyHandlers.ofString()).body());
    }
    Path generated = work.resolve("client");
    generate(spec, generated);
    Path classes = work.resolve("classes");
    compile(generated.resolve("src/main/java"), classes);

    RestJson axleJson = new RestJson();
    long seedBase = Long.getLong("axle.test.seed", System.nanoTime());
    int calls = 0;
    try (URLClassLoader loader = new URLClassLoader(new URL[] {classes.toUri().toURL()},
        GeneratedClientTest.class.getClassLoader())) {
      Class<?> apiClientType = loader.loadClass("gen.ApiClient");
      Object apiClient = apiClientType.getConstructor().newInstance();
      apiClientType.getMethod("updateBaseUri", String.class).invoke(apiClient, base);
      com.fasterxml.jackson.databind.ObjectMapper mapper = (com.fasterxml.jackson.databind.ObjectMapper)
          apiClientType.getMethod("getObjectMapper").invoke(apiClient);
      // Compared with nulls kept: the client's mapper leaves null map values out of a top-level map only.
      com.fasterxml.jackson.databind.ObjectMapper written = mapper.copy().setDefaultPropertyInclusion(
          com.fasterxml.jackson.annotation.JsonInclude.Value.construct(
              com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS,
              com.fasterxml.jackson.annotation.JsonInclude.Include.ALWAYS));
      Class<?> apiType = loader.loadClass("gen.api.TypesApiApi");
      Object api = apiType.getConstructor(apiClientType).newInstance(apiClient);

      for (OperationMeta operation : SchemaMeta.of("TypesApi", TypesApi.class).operations().values()) {
        Method call = method(apiType, operation.name());
        for (int n = 0; n < CASES_PER_OPERATION; n++) {
          long seed = seedBase + 131L * n + operation.name().hashCode();
          RandomValues values = new RandomValues(seed);
          Map<String, Object> arguments = new LinkedHashMap<>();
          for (int i = 0; i < operation.parameterCount(); i++) {
            arguments.put(operation.parameterName(i), values.of(DataTypes.of(operation.parameterType(i), "test")));
          }
          String what = operation.qualifiedName() + " with seed " + seed + " (-Daxle.test.seed=" + seedBase + ")";
          // The request object as the generated client models it, read from the JSON Axle would send.
          int body = bodyIndex(call);
          Object request = mapper.readValue(axleJson.write(arguments), call.getParameterTypes()[body]);
          Object result;
          try {
            Object[] callArguments = new Object[call.getParameterCount()];
            callArguments[body] = request;
            result = call.invoke(api, callArguments);
          } catch (InvocationTargetException e) {
            throw new AssertionError(what + ": the generated client failed: " + e.getCause(), e.getCause());
          }
          if (call.getReturnType() == void.class) {
            calls++;
            continue;
          }
          // What went out, as the client writes it: the one argument, or the whole object for mixed.
          Object sent = operation.parameterCount() == 1 ? written.readTree(written.writeValueAsBytes(request))
              .get(operation.parameterName(0)) : written.readTree(written.writeValueAsBytes(request));
          assertThat(written.readTree(written.writeValueAsBytes(result))).as(what).isEqualTo(nullToMissing(sent));
          calls++;
        }
      }
    }
    assertThat(calls).isEqualTo(CASES_PER_OPERATION * SchemaMeta.of("TypesApi", TypesApi.class).operations().size());
  }

  private static Object nullToMissing(Object node) {
    return node == null ? com.fasterxml.jackson.databind.node.NullNode.getInstance() : node;
  }

  /**
   * {@code operationId(…)}: the body object (a generated model) and the optional Axle headers, in the
   * generator's order (required parameters first).
   */
  private static Method method(Class<?> api, String operationId) {
    for (Method method : api.getMethods()) {
      if (method.getName().equals(operationId) && bodyIndex(method) >= 0) {
        return method;
      }
    }
    throw new AssertionError("the generated " + api.getSimpleName() + " has no method " + operationId
        + "(request, …): " + Stream.of(api.getMethods()).map(Method::getName).sorted().distinct().toList());
  }

  private static int bodyIndex(Method method) {
    Class<?>[] types = method.getParameterTypes();
    for (int i = 0; i < types.length; i++) {
      if (types[i].getName().startsWith("gen.model.")) {
        return i;
      }
    }
    return -1;
  }

  private static void generate(Path spec, Path out) {
    CodegenConfigurator configurator = new CodegenConfigurator()
        .setGeneratorName("java")
        .setLibrary("native")
        .setInputSpec(spec.toString())
        .setOutputDir(out.toString())
        .setInvokerPackage("gen")
        .setApiPackage("gen.api")
        .setModelPackage("gen.model")
        .addGlobalProperty("apiTests", "false")
        .addGlobalProperty("modelTests", "false")
        .addGlobalProperty("apiDocs", "false")
        .addGlobalProperty("modelDocs", "false")
        .addAdditionalProperty("useJakartaEe", "true")
        // One request object per operation: what the RPC-style body is.
        .addAdditionalProperty("useSingleRequestParameter", "false");
    new DefaultGenerator().opts(configurator.toClientOptInput()).generate();
  }

  private static void compile(Path sources, Path classes) throws IOException {
    List<String> files;
    try (Stream<Path> walk = Files.walk(sources)) {
      files = walk.filter(p -> p.toString().endsWith(".java")).map(Path::toString).toList();
    }
    assertThat(files).as("generated sources").isNotEmpty();
    Files.createDirectories(classes);
    JavaCompiler compiler = ToolProvider.getSystemJavaCompiler();
    List<String> arguments = new ArrayList<>(List.of("-d", classes.toString(), "-proc:none", "-nowarn",
        "-encoding", "UTF-8", "-cp", System.getProperty("java.class.path")));
    arguments.addAll(files);
    StringWriter diagnostics = new StringWriter();
    int status;
    try (java.io.PrintWriter err = new java.io.PrintWriter(diagnostics)) {
      status = compiler.run(null, null, new java.io.OutputStream() {
        @Override
        public void write(int b) {
          diagnostics.write(b);
        }
      }, arguments.toArray(new String[0]));
    }
    assertThat(status).as("javac of the generated client:%n%s", diagnostics).isZero();
  }
}
