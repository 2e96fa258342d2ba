package io.axle.rest.openapi;

import static io.axle.rest.openapi.OpenApiDocumentTest.ref;
import static io.axle.rest.openapi.OpenApiDocumentTest.nonNullTypes;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.annotation.JsonIgnore;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonValue;
import io.axle.contract.SchemaMeta;
import io.axle.rest.internal.OpenApiDocument;
import io.axle.rest.internal.RestJson;
import io.axle.rest.internal.RestMappings;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.media.Schema;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JsonNode;

/**
 * Class schemas follow the transport's own Jackson mapper: its property names, its annotations,
 * recursion through collections and maps, and one component per class.
 */
@SuppressWarnings({"rawtypes", "unchecked"}) // swagger-models' Schema is generic only in name
class BeanSchemasTest {
  private static OpenAPI api;
  private static Map<String, Schema> schemas;

  @BeforeAll
  static void describe() {
    api = OpenApiDocumentTest.parse(
        OpenApiDocument.json("shapes", RestMappings.of(SchemaMeta.of("Shapes", Shapes.class), null)));
    schemas = api.getComponents().getSchemas();
  }

  @Test
  void recursionThroughCollectionsAndMaps_staysAReference() {
    Map<String, Schema> tree = schemas.get("Tree").getProperties();

    assertThat(ref(tree.get("children").getItems())).isEqualTo("#/components/schemas/Tree");
    assertThat(ref(((Schema<?>) tree.get("byName").getAdditionalProperties())))
        .isEqualTo("#/components/schemas/Tree");
    assertThat(ref(tree.get("leaves").getItems())).isEqualTo("#/components/schemas/Leaf");
    assertThat(tree.get("leaves").getUniqueItems()).as("a Set").isTrue();
    Map<String, Schema> leaf = schemas.get("Leaf").getProperties();
    assertThat(ref(leaf.get("tree"))).isEqualTo("#/components/schemas/Tree");
    assertThat(ref(leaf.get("trees").getItems())).isEqualTo("#/components/schemas/Tree");
  }

  @Test
  void propertiesAreWhatTheMapperWrites() {
    Schema<?> renamed = schemas.get("Renamed");
    JsonNode written = new RestJson().mapper().valueToTree(new Shapes.Renamed());

    assertThat(renamed.getProperties().keySet()).containsExactlyInAnyOrderElementsOf(written.propertyNames());
    assertThat(renamed.getProperties()).as("fields are the properties, as on highway: a getter adds none")
        .containsOnlyKeys("full_name", "when", "day", "id");
    assertThat(renamed.getRequired()).as("every property is in every answer, null or not")
        .containsExactlyInAnyOrder("full_name", "when", "day", "id");
    assertThat(((Schema<?>) renamed.getProperties().get("when")).getFormat()).isEqualTo("date-time");
    assertThat(((Schema<?>) renamed.getProperties().get("day")).getFormat()).isEqualTo("date");
    assertThat(((Schema<?>) renamed.getProperties().get("id")).getFormat()).isEqualTo("uuid");
  }

  @Test
  void jsonValueTypesAreTheirValue_andEnumsTheirWrittenNames() {
    Schema<?> money = result("price");
    assertThat(nonNullTypes(money)).containsExactly("string");
    assertThat(ref(money)).isNull();
    assertThat(schemas).doesNotContainKey("Money");

    Schema<?> level = result("level");
    assertThat(ref(level)).as("an enum is a component").isEqualTo("#/components/schemas/Level");
    assertThat(nonNullTypes(schemas.get("Level"))).containsExactly("integer");
    assertThat(OpenApiDocumentTest.enumOf(api, level)).containsExactly(1, 2, 3);
    assertThat(OpenApiDocumentTest.enumOf(api, result("size"))).containsExactly("small", "LARGE");
  }

  @Test
  void genericClassesAndClashingSimpleNames_getDistinctComponents() {
    assertThat(ref(result("page"))).isEqualTo("#/components/schemas/PageOfTree");
    assertThat(ref(((Schema<?>) schemas.get("PageOfTree").getProperties().get("items")).getItems()))
        .isEqualTo("#/components/schemas/Tree");

    List<String> refs = List.of(ref(result("first")), ref(result("second")));
    assertThat(refs).doesNotHaveDuplicates()
        .containsExactlyInAnyOrder("#/components/schemas/Item", "#/components/schemas/io.axle.rest.openapi.BeanSchemasTest.Shapes.Other.Item");
    assertThat(schemas.get("Item").getProperties()).hasSize(1);
  }

  @Test
  void optionalResultsAreTheirContent() {
    assertThat(ref(result("maybe"))).isEqualTo("#/components/schemas/Tree");
  }

  private static Schema<?> result(String operation) {
    return api.getPaths().get("/Shapes/" + operation).getPost().getResponses().get("200").getContent()
        .get("application/json").getSchema();
  }

  /** An RPC-style schema whose results exercise the class schemas. */
  interface Shapes {
    Tree tree();

    Renamed renamed();

    Money price();

    Level level();

    Size size();

    Page<Tree> page();

    Item first();

    Other.Item second();

    Optional<Tree> maybe();

    class Tree {
      public String name;
      public List<Tree> children;
      public Map<String, Tree> byName;
      public Set<Leaf> leaves;
    }

    class Leaf {
      public Tree tree;
      public List<Tree> trees;
    }

    class Renamed {
      @JsonProperty(value = "full_name", required = true)
      public String name = "n";
      @JsonIgnore
      public String secret = "s";
      public Instant when = Instant.EPOCH;
      public LocalDate day = LocalDate.EPOCH;
      public UUID id = new UUID(0, 0);

      public int getComputed() {
        return 42;
      }
    }

    class Money {
      private final String text = "1.00 EUR";

      @JsonValue
      public String text() {
        return text;
      }
    }

    enum Level {
      LOW(1), MID(2), HIGH(3);

      private final int value;

      Level(int value) {
        this.value = value;
      }

      @JsonValue
      public int value() {
        return value;
      }
    }

    enum Size {
      @JsonProperty("small") SMALL, LARGE
    }

    class Page<T> {
      public List<T> items;
      public long total;
    }

    class Item {
      public String a;
    }

    interface Other {
      class Item {
        public String b;
        public String c;
      }
    }
  }
}
