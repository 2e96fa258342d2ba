package io.axle.rest.internal.openapi;

import io.axle.rest.internal.RestJson;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.OffsetTime;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Date;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CompletionStage;
import java.util.stream.Collectors;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.introspect.ClassIntrospector;
import tools.jackson.databind.json.JsonMapper;

/**
 * JSON Schemas (OpenAPI 3.1 flavour) of Java types as the transport's own Jackson mapper writes
 * them, and the component schemas of the classes they refer to.
 *
 * <p>Properties come from the mapper's introspection of each class, so visibility rules, naming
 * and Jackson annotations ({@code @JsonProperty}, {@code @JsonIgnore}, {@code @JsonValue}, ...)
 * mean the same in the document as on the wire. (swagger-core's model resolver was tried first:
 * it loses recursive references met through collections and maps, e.g. {@code List<Tree>
 * children} became {@code items: {}}.)
 *
 * <p>Not thread-safe: one instance builds one document.
 */
final class TypeSchemas {
  private static final String REF_PREFIX = "#/components/schemas/";

  private final RestJson json;
  private final JsonMapper mapper;
  private final SortedMap<String, Schema<?>> components = new TreeMap<>();
  private final Map<JavaType, String> names = new HashMap<>();

  TypeSchemas(RestJson json) {
    this.json = json;
    this.mapper = json.mapper();
  }

  /**
   * The schema of values of {@code type}: a {@code $ref} for a bean (whose schema, and those of the
   * classes it refers to, join {@link #components()}), else an inline schema. A new object each
   * call, so the caller may add to it (a default, a description).
   */
  Schema<?> of(Type type) {
    return of(json.type(type));
  }

  /**
   * The schema of values of {@code type} that may also be JSON {@code null}: what the server writes
   * for a null reference, an empty Optional, a null element or map value. A primitive cannot be
   * null; a {@code $ref} becomes {@code anyOf: [$ref, {type: null}]}, which generators read as a
   * nullable reference.
   */
  Schema<?> nullableOf(Type type) {
    return nullableOf(json.type(type));
  }

  private Schema<?> nullableOf(JavaType type) {
    Schema<?> schema = of(type);
    return type.getRawClass().isPrimitive() ? schema : nullable(schema);
  }

  static Schema<?> nullable(Schema<?> schema) {
    if (schema.get$ref() != null) {
      JsonSchema either = new JsonSchema();
      either.addAnyOfItem(new JsonSchema().$ref(schema.get$ref()));
      either.addAnyOfItem(OpenApiBuilder.typed("null"));
      return either;
    }
    if (schema.getTypes() == null || schema.getTypes().isEmpty()) {
      return schema;  // any JSON value, null included
    }
    java.util.Set<String> types = new java.util.LinkedHashSet<>(schema.getTypes());
    types.add("null");
    schema.setTypes(types);
    if (schema.getEnum() != null && !schema.getEnum().contains(null)) {
      // An enum's values list what may be sent: null among them, or JSON Schema refuses it.
      @SuppressWarnings("unchecked")
      List<Object> values = new ArrayList<>((List<Object>) schema.getEnum());
      values.add(null);
      ((Schema<Object>) schema).setEnum(values);
    }
    return schema;
  }

  /** The component schemas referred to so far, by name, sorted. */
  SortedMap<String, Schema<?>> components() {
    return components;
  }

  /** True when a described type took that component name. */
  boolean hasComponent(String name) {
    return components.containsKey(name);
  }

  private Schema<?> of(JavaType type) {
    Class<?> raw = type.getRawClass();
    if (type.isReferenceType()) {
      // Optional<T>, AtomicReference<T>: written as T, or null.
      return of(type.getReferencedType());
    }
    if (CompletionStage.class.isAssignableFrom(raw)) {
      return of(type.containedTypeOrUnknown(0));
    }
    if (raw == void.class || raw == Void.class) {
      return OpenApiBuilder.typed("null");
    }
    if (raw == byte[].class) {
      // Jackson writes bytes as one base64 string.
      return OpenApiBuilder.typed("string").format("byte");
    }
    Schema<?> scalar = scalar(raw);
    if (scalar != null) {
      return scalar;
    }
    if (raw.isEnum()) {
      // A component of its own, as for classes: generators make one Java enum of it wherever it is used
      // (an inline enum inside an array is mis-generated by OpenAPI Generator's java client).
      return enumRef(type);
    }
    if (type.isArrayType() || type.isCollectionLikeType()) {
      JsonSchema array = OpenApiBuilder.typed("array");
      array.setItems(nullableOf(type.getContentType()));
      if (Set.class.isAssignableFrom(raw)) {
        array.setUniqueItems(true);
      }
      return array;
    }
    if (type.isMapLikeType()) {
      // Keys are written as strings whatever their Java type.
      JsonSchema map = OpenApiBuilder.typed("object");
      map.setAdditionalProperties(nullableOf(type.getContentType()));
      return map;
    }
    if (raw == Object.class || JsonNode.class.isAssignableFrom(raw)) {
      return new JsonSchema();
    }
    if (raw.isPrimitive() || raw.getName().startsWith("java.") || raw.getName().startsWith("javax.")) {
      // URI, Locale, Path, Currency, ...: the JDK types Jackson knows are written as text.
      return OpenApiBuilder.typed("string");
    }
    BeanDescription bean = introspect(type);
    AnnotatedMember jsonValue = bean.findJsonValueAccessor();
    if (jsonValue != null) {
      return of(jsonValue.getType());
    }
    return ref(type, bean);
  }

  private static Schema<?> scalar(Class<?> raw) {
    if (raw == String.class) {
      return OpenApiBuilder.typed("string");
    }
    if (raw == char.class || raw == Character.class) {
      return OpenApiBuilder.typed("string").minLength(1).maxLength(1);
    }
    if (raw == boolean.class || raw == Boolean.class || raw == java.util.concurrent.atomic.AtomicBoolean.class) {
      return OpenApiBuilder.typed("boolean");
    }
    if (raw == int.class || raw == Integer.class || raw == short.class || raw == Short.class || raw == byte.class
        || raw == Byte.class || raw == java.util.concurrent.atomic.AtomicInteger.class) {
      return OpenApiBuilder.typed("integer").format("int32");
    }
    if (raw == long.class || raw == Long.class || raw == java.util.concurrent.atomic.AtomicLong.class) {
      return OpenApiBuilder.typed("integer").format("int64");
    }
    if (raw == BigInteger.class) {
      // A whole number of any size. Generators read a bare "integer" as a 32-bit int, so it is a number
      // (BigDecimal in a generated Java client) that must be whole.
      return OpenApiBuilder.typed("number").multipleOf(BigDecimal.ONE)
          .description("A whole number of any size (java.math.BigInteger).");
    }
    if (raw == float.class || raw == Float.class) {
      return OpenApiBuilder.typed("number").format("float");
    }
    if (raw == double.class || raw == Double.class) {
      return OpenApiBuilder.typed("number").format("double");
    }
    if (raw == BigDecimal.class || raw == Number.class) {
      return OpenApiBuilder.typed("number");
    }
    if (raw == UUID.class) {
      return OpenApiBuilder.typed("string").format("uuid");
    }
    if (raw == Instant.class || raw == OffsetDateTime.class || raw == Date.class || Calendar.class.isAssignableFrom(raw)) {
      return OpenApiBuilder.typed("string").format("date-time");
    }
    if (raw == ZonedDateTime.class) {
      // The zone travels too ("2026-11-25T11:15:00+01:00[Europe/Paris]"): more than RFC 3339's date-time.
      return OpenApiBuilder.typed("string").description("ISO-8601 date-time with offset and zone id, e.g. "
          + "2026-11-25T11:15:00+01:00[Europe/Paris]");
    }
    if (raw == java.time.Year.class) {
      // Jackson writes a Year as its number.
      return OpenApiBuilder.typed("integer").format("int32");
    }
    if (raw == LocalDate.class) {
      return OpenApiBuilder.typed("string").format("date");
    }
    if (raw == OffsetTime.class) {
      return OpenApiBuilder.typed("string").format("time");
    }
    if (raw == LocalDateTime.class || raw == LocalTime.class) {
      // ISO-8601 without an offset: neither JSON Schema's date-time nor its time.
      return OpenApiBuilder.typed("string");
    }
    if (raw == Duration.class) {
      // Java's form may have negative or fractional parts (PT-1H-0.5S), which JSON Schema's duration lacks.
      return OpenApiBuilder.typed("string").description("ISO-8601 duration as java.time.Duration writes it, e.g. PT1H30M");
    }
    return null;
  }

  /** The values the mapper writes for the constants: their names unless {@code @JsonValue} / {@code @JsonProperty} say otherwise. */
  private Schema<?> enumSchema(Class<?> raw) {
    List<Object> values = new ArrayList<>();
    for (Object constant : raw.getEnumConstants()) {
      values.add(mapper.convertValue(constant, Object.class));
    }
    JsonSchema schema;
    if (values.stream().allMatch(v -> v instanceof String)) {
      schema = OpenApiBuilder.typed("string");
    } else if (values.stream().allMatch(v -> v instanceof Integer || v instanceof Long || v instanceof BigInteger)) {
      schema = OpenApiBuilder.typed("integer");
    } else if (values.stream().allMatch(v -> v instanceof Number)) {
      schema = OpenApiBuilder.typed("number");
    } else {
      schema = new JsonSchema();
    }
    schema.setEnum(values);
    return schema;
  }

  private Schema<?> enumRef(JavaType type) {
    String name = names.get(type);
    if (name == null) {
      name = uniqueName(type);
      names.put(type, name);
      components.put(name, enumSchema(type.getRawClass()));
    }
    return new JsonSchema().$ref(REF_PREFIX + name);
  }

  private Schema<?> ref(JavaType type, BeanDescription bean) {
    String name = names.get(type);
    if (name == null) {
      name = uniqueName(type);
      names.put(type, name);
      // Claimed before the properties are read, so a class that refers to itself finds its own name.
      components.put(name, new JsonSchema());
      components.put(name, beanSchema(bean));
    }
    return new JsonSchema().$ref(REF_PREFIX + name);
  }

  private Schema<?> beanSchema(BeanDescription bean) {
    JsonSchema schema = OpenApiBuilder.typed("object");
    for (BeanPropertyDefinition property : bean.findProperties()) {
      if (!property.couldSerialize()) {
        continue;
      }
      Schema<?> propertySchema = nullableOf(property.getPrimaryType());
      if (!property.couldDeserialize()) {
        propertySchema.setReadOnly(true);
      }
      schema.addProperty(property.getName(), propertySchema);
      // The server writes every property of every value, null ones as null: each is in every answer.
      // (A request may leave any out: it reads as null, zero or an empty Optional.)
      schema.addRequiredItem(property.getName());
    }
    return schema;
  }

  /**
   * The simple class name, as most generators expect ({@code Pet}); {@code PageOfPet} for a
   * generic class; the full class name when two classes share a simple name.
   */
  private String uniqueName(JavaType type) {
    String simple = displayName(type, false);
    if (!components.containsKey(simple)) {
      return simple;
    }
    String full = displayName(type, true);
    String name = full;
    for (int i = 2; components.containsKey(name); i++) {
      name = full + "_" + i;
    }
    return name;
  }

  private static String displayName(JavaType type, boolean qualified) {
    Class<?> raw = type.getRawClass();
    String base = qualified ? raw.getName().replace('$', '.') : raw.getSimpleName();
    if (type.containedTypeCount() == 0) {
      return base;
    }
    List<String> parameters = new ArrayList<>();
    for (int i = 0; i < type.containedTypeCount(); i++) {
      parameters.add(displayName(type.containedType(i), false));
    }
    return base + "Of" + parameters.stream().collect(Collectors.joining("And"));
  }

  private BeanDescription introspect(JavaType type) {
    SerializationConfig config = mapper.serializationConfig();
    ClassIntrospector introspector = config.classIntrospectorInstance().forMapper().forOperation(config);
    return introspector.introspectForSerialization(type, introspector.introspectClassAnnotations(type));
  }
}
