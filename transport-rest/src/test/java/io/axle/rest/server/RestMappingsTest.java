package io.axle.rest.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.contract.SchemaMeta;
import io.axle.rest.internal.ParamBinding;
import io.axle.rest.internal.ParamSource;
import io.axle.rest.internal.RestMappings;
import io.axle.rest.internal.RestOperation;
import io.axle.testing.EchoService;
import io.axle.testing.Pojo;
import io.vertx.core.http.HttpMethod;
import java.lang.reflect.Type;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestMethod;
import org.springframework.web.bind.annotation.RequestParam;

/** How Spring MVC annotations (or their absence) become routes and bindings, and the start-up errors. */
class RestMappingsTest {

  private static Map<String, RestOperation> mappings(String schemaId, Class<?> schema, Class<?> implementation) {
    return RestMappings.of(SchemaMeta.of(schemaId, schema), implementation).stream()
        .collect(Collectors.toMap(op -> op.operation().name(), Function.identity()));
  }

  private static ParamBinding binding(ParamSource source, String name, boolean required, String defaultValue,
      Type type, boolean optional, int index) {
    return new ParamBinding(index, name, source, required, defaultValue, type, optional);
  }

  @Test
  void springAnnotations_withTheClassPrefixAliasesDefaultsAndOptional() {
    Map<String, RestOperation> ops = mappings("UserApi", UserApi.class, UserApiImpl.class);

    RestOperation get = ops.get("get");
    assertThat(get.method()).isEqualTo(HttpMethod.GET);
    assertThat(get.path()).isEqualTo("/users/{id}");
    assertThat(get.routerPath()).isEqualTo("/users/:id");
    assertThat(get.rpcStyle()).isFalse();
    assertThat(get.params()).containsExactly(binding(ParamSource.PATH, "id", true, null, long.class, false, 0));

    RestOperation search = ops.get("search");
    assertThat(search.path()).isEqualTo("/users/search");
    assertThat(search.params()).containsExactly(
        binding(ParamSource.QUERY, "q", true, null, String.class, false, 0),
        binding(ParamSource.QUERY, "limit", false, "10", int.class, false, 1),
        binding(ParamSource.QUERY, "sort", false, null, String.class, true, 2),
        binding(ParamSource.QUERY, "tag", false, null, search.operation().parameterType(3), false, 3),
        binding(ParamSource.QUERY, "role", false, null, UserApi.Role.class, false, 4));

    assertThat(ops.get("me").params()).containsExactly(
        binding(ParamSource.HEADER, "X-User", true, null, String.class, false, 0),
        binding(ParamSource.HEADER, "X-Tenant", false, null, String.class, false, 1));

    RestOperation create = ops.get("create");
    assertThat(create.method()).isEqualTo(HttpMethod.POST);
    assertThat(create.path()).as("no method path: the class path alone").isEqualTo("/users");
    assertThat(create.hasBody()).isTrue();
    assertThat(create.params()).containsExactly(binding(ParamSource.BODY, "user", true, null, Pojo.class, false, 0));

    RestOperation rename = ops.get("rename");
    assertThat(rename.method()).isEqualTo(HttpMethod.PUT);
    assertThat(rename.path()).isEqualTo("/users/{user-id}");
    assertThat(rename.params().get(0).name()).isEqualTo("user-id");

    assertThat(ops.get("delete").method()).isEqualTo(HttpMethod.DELETE);
    assertThat(ops.get("delete").params()).as("@PathVariable without a name takes the parameter's")
        .containsExactly(binding(ParamSource.PATH, "id", true, null, long.class, false, 0));
    assertThat(ops.get("stats").hasBody()).isFalse();
  }

  interface Unannotated {
    @GetMapping("/find")
    String find(String name, int page, List<Integer> ids);

    @PostMapping("/save")
    void save(Pojo pojo);

    @RequestMapping(path = "/legacy", method = RequestMethod.PATCH)
    void legacy(@RequestParam(value = "v", required = false) Integer version);
  }

  @Test
  void unannotatedParameters_simpleValuesAreQueryAndObjectsAreTheBody() {
    Map<String, RestOperation> ops = mappings("Unannotated", Unannotated.class, null);
    assertThat(ops.get("find").path()).as("no class mapping, no prefix").isEqualTo("/find");
    assertThat(ops.get("find").params()).extracting(ParamBinding::source, ParamBinding::name, ParamBinding::required)
        .containsExactly(
            org.assertj.core.groups.Tuple.tuple(ParamSource.QUERY, "name", false),
            org.assertj.core.groups.Tuple.tuple(ParamSource.QUERY, "page", false),
            org.assertj.core.groups.Tuple.tuple(ParamSource.QUERY, "ids", false));
    assertThat(ops.get("save").params()).containsExactly(binding(ParamSource.BODY, "pojo", true, null, Pojo.class,
        false, 0));
    assertThat(ops.get("legacy").method()).isEqualTo(HttpMethod.PATCH);
    assertThat(ops.get("legacy").params()).containsExactly(binding(ParamSource.QUERY, "v", false, null, Integer.class,
        false, 0));
  }

  @Test
  void noAnnotations_isRpcStyle() {
    Map<String, RestOperation> ops = mappings("EchoService", EchoService.class, null);
    RestOperation add = ops.get("add");
    assertThat(add.rpcStyle()).isTrue();
    assertThat(add.method()).isEqualTo(HttpMethod.POST);
    assertThat(add.path()).isEqualTo("/EchoService/add");
    assertThat(add.params()).containsExactly(
        binding(ParamSource.BODY_FIELD, "a", false, null, int.class, false, 0),
        binding(ParamSource.BODY_FIELD, "b", false, null, int.class, false, 1));
    assertThat(ops.get("threadInfo").hasBody()).as("no parameters, no body").isFalse();
  }

  interface PlainSchema {
    String hello(String who);
  }

  @RequestMapping("/impl")
  static class AnnotatedImplementation implements PlainSchema {
    @Override
    @GetMapping("/hello/{who}")
    public String hello(@PathVariable("who") String who) {
      return who;
    }
  }

  @Test
  void annotationsOnTheImplementation_countWhenTheInterfaceHasNone() {
    RestOperation hello = mappings("PlainSchema", PlainSchema.class, AnnotatedImplementation.class).get("hello");
    assertThat(hello.method()).isEqualTo(HttpMethod.GET);
    assertThat(hello.path()).isEqualTo("/impl/hello/{who}");
    assertThat(hello.params()).containsExactly(binding(ParamSource.PATH, "who", true, null, String.class, false, 0));
    assertThat(mappings("PlainSchema", PlainSchema.class, null).get("hello").rpcStyle())
        .as("a consumer without the implementation sees RPC-style").isTrue();
  }

  interface TwoBodies {
    @PostMapping("/x")
    void x(@RequestBody Pojo a, @RequestBody Pojo b);
  }

  interface BodyOnGet {
    @GetMapping("/x")
    Pojo x(@RequestBody Pojo a);
  }

  interface UnknownPathVariable {
    @GetMapping("/items/{id}")
    String x(@PathVariable("id") String id, @PathVariable("other") String other);
  }

  interface UnboundPathVariable {
    @GetMapping("/items/{id}/{rev}")
    String x(@PathVariable("id") String id);
  }

  interface SameRoute {
    @GetMapping("/items/{id}")
    String first(@PathVariable("id") String id);

    @GetMapping("/items/{key}")
    String second(@PathVariable("key") String key);
  }

  interface TwoMethods {
    @RequestMapping(path = "/x", method = {RequestMethod.GET, RequestMethod.POST})
    String x();
  }

  @Test
  void mappingMistakes_failWithTheOperationTheProblemAndTheFix() {
    assertThatThrownBy(() -> mappings("TwoBodies", TwoBodies.class, null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("TwoBodies.x: more than one request body parameter"
            + " (expected: one @RequestBody, or wrap the values in one class)");
    assertThatThrownBy(() -> mappings("BodyOnGet", BodyOnGet.class, null))
        .hasMessage("BodyOnGet.x: a request body on GET"
            + " (expected: POST, PUT or PATCH for a @RequestBody, or pass the value as @RequestParam)");
    assertThatThrownBy(() -> mappings("UnknownPathVariable", UnknownPathVariable.class, null))
        .hasMessage("UnknownPathVariable.x: @PathVariable other is not in the path /items/{id}"
            + " (expected: a {other} segment, or the variable's name as it appears there)");
    assertThatThrownBy(() -> mappings("UnboundPathVariable", UnboundPathVariable.class, null))
        .hasMessage("UnboundPathVariable.x: the path /items/{id}/{rev} has {rev} but no parameter is bound to it"
            + " (expected: a @PathVariable(\"rev\") parameter)");
    assertThatThrownBy(() -> mappings("SameRoute", SameRoute.class, null))
        .hasMessage("schema SameRoute: first and second both map to GET /items/{key}"
            + " (expected: one operation per method and path; change one mapping)");
    assertThatThrownBy(() -> mappings("TwoMethods", TwoMethods.class, null))
        .hasMessage("TwoMethods.x: @RequestMapping with 2 HTTP methods"
            + " (expected: exactly one, e.g. @GetMapping or @RequestMapping(method = POST))");
  }
}
