package io.axle.rest.internal;

import com.fasterxml.jackson.annotation.JsonAutoDetect;
import com.fasterxml.jackson.annotation.PropertyAccessor;
import java.lang.reflect.Type;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.core.exc.StreamConstraintsException;
import tools.jackson.core.json.JsonFactory;
import tools.jackson.core.util.JsonRecyclerPools;
import tools.jackson.databind.DeserializationFeature;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.cfg.CoercionAction;
import tools.jackson.databind.cfg.CoercionInputShape;
import tools.jackson.databind.cfg.DateTimeFeature;
import tools.jackson.databind.cfg.EnumFeature;
import tools.jackson.databind.cfg.JsonNodeFeature;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.type.LogicalType;

/**
 * The JSON codec both sides share: one Jackson mapper, configured once. Unknown properties are
 * ignored so providers can add fields without breaking older consumers; a primitive that is
 * absent or null reads as its zero (Jackson 3 would fail it), so a field added to a class does
 * not break older senders either, and JSON agrees with highway, where an absent field is zero.
 */
public final class RestJson {
  // Jackson 3's default buffer pool is a concurrent deque shared by every thread: two deque
  // operations per document, ~3% of a REST provider's CPU in the perf demo. Per-thread buffers suit
  // event loops and pool threads; a virtual thread simply gets fresh ones, as with no pool.
  private final JsonMapper mapper = JsonMapper.builder(JsonFactory.builder()
          .recyclerPool(JsonRecyclerPools.threadLocalPool())
          .build())
      .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
      .disable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
      // A Set reads as a LinkedHashSet, as on highway: Jackson's EnumSet for a Set of enums takes no null.
      .addModule(new SimpleModule("axle-containers").addAbstractTypeMapping(Set.class, LinkedHashSet.class))
      // Strict input: 1.5 is no int, 42 no string, 1 no enum constant; each is a 400 naming the field
      // (docs/rest.md, "Strict input"), never a truncation or a guess.
      .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT)
      .enable(EnumFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
      .withCoercionConfig(LogicalType.Textual, text -> text
          .setCoercion(CoercionInputShape.Integer, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.Float, CoercionAction.Fail)
          .setCoercion(CoercionInputShape.Boolean, CoercionAction.Fail))
      // Date-times keep their offset and zone, as their ISO text on highway does: not moved to UTC.
      .disable(DateTimeFeature.ADJUST_DATES_TO_CONTEXT_TIME_ZONE)
      .enable(DateTimeFeature.WRITE_DATES_WITH_ZONE_ID)
      // An RPC-style body is read as a tree first: its numbers must keep every digit and the scale
      // until each field is converted to its parameter's type (a BigDecimal, a long), as highway does.
      .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
      .disable(JsonNodeFeature.STRIP_TRAILING_BIGDECIMAL_ZEROES)
      // A class's fields are its JSON properties, exactly the fields highway carries (docs/rest.md):
      // getters and setters neither add nor hide any, so the two transports agree on what travels.
      .changeDefaultVisibility(visibility -> visibility
          .withVisibility(PropertyAccessor.FIELD, JsonAutoDetect.Visibility.ANY)
          .withVisibility(PropertyAccessor.GETTER, JsonAutoDetect.Visibility.NONE)
          .withVisibility(PropertyAccessor.IS_GETTER, JsonAutoDetect.Visibility.NONE)
          .withVisibility(PropertyAccessor.SETTER, JsonAutoDetect.Visibility.NONE))
      .build();

  public JsonMapper mapper() {
    return mapper;
  }

  public JavaType type(Type type) {
    return mapper.getTypeFactory().constructType(type);
  }

  public byte[] write(Object value) {
    byte[] plain = value instanceof String text ? PlainJson.string(text) : null;
    return plain != null ? plain : mapper.writeValueAsBytes(value);
  }

  /** Reads a whole JSON document as {@code type}; Jackson's exception names the path of a bad field. */
  public Object read(byte[] json, Type type) {
    try {
      return mapper.readValue(json, type(type));
    } catch (NumberFormatException e) {
      throw numberOutOfLimits(e);
    }
  }

  public JsonNode tree(byte[] json) {
    try {
      return mapper.readTree(json);
    } catch (NumberFormatException e) {
      throw numberOutOfLimits(e);
    }
  }

  public Object convert(JsonNode node, Type type) {
    try {
      return mapper.treeToValue(node, type(type));
    } catch (NumberFormatException e) {
      throw numberOutOfLimits(e);
    }
  }

  /**
   * Jackson 3.1 reports a number beyond BigDecimal's limits ({@code 0E3333…}, an exponent past an
   * int) as a bare NumberFormatException, not as one of its own: turned into one here, so that it is
   * a 400 naming the body like any other bad JSON, not a 500 (found by RestFuzzTest#arguments).
   */
  private static JacksonException numberOutOfLimits(NumberFormatException e) {
    return new StreamConstraintsException(e.getMessage());
  }

  /**
   * A value from a path segment, query parameter or header ({@code "42"}, {@code "RED"}), or a
   * list of them for a collection-typed parameter.
   */
  public Object fromText(List<String> values, Type type) {
    JavaType javaType = type(type);
    if (javaType.isCollectionLikeType() || javaType.isArrayType()) {
      return mapper.convertValue(values, javaType);
    }
    return mapper.convertValue(values.get(0), javaType);
  }

  /** The text form of a path, query or header value: what {@link #fromText} reads back. */
  public String toText(Object value) {
    return value instanceof Enum<?> e ? e.name() : String.valueOf(value);
  }
}
