package io.axle.rest.internal.server;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.Collection;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import tools.jackson.databind.JavaType;

/** The "(expected: …)" half of a bad-request message: what a value of a Java type looks like on the wire. */
final class Expectations {
  private Expectations() {
  }

  /** For a path, query or header value: collections travel as repeated values. */
  static String ofText(JavaType type) {
    if (type.isCollectionLikeType() || (type.isArrayType() && type.getRawClass() != byte[].class)) {
      return "repeated values, each " + of(type.getContentType().getRawClass());
    }
    return of(type.getRawClass());
  }

  /** For a JSON value of this class. */
  static String of(Class<?> type) {
    if (type == null) {
      return "a JSON value";
    }
    if (type == boolean.class || type == Boolean.class) {
      return "true or false";
    }
    if (type == int.class || type == Integer.class) {
      return "an int";
    }
    if (type == long.class || type == Long.class) {
      return "a long";
    }
    if (type == short.class || type == Short.class) {
      return "a short";
    }
    if (type == byte.class || type == Byte.class) {
      return "a byte";
    }
    if (type == float.class || type == Float.class || type == double.class || type == Double.class
        || type == BigDecimal.class) {
      return "a number";
    }
    if (type == BigInteger.class) {
      return "a whole number";
    }
    if (type == char.class || type == Character.class) {
      return "a single character";
    }
    if (type == String.class) {
      return "a string";
    }
    if (type == UUID.class) {
      return "a UUID";
    }
    if (type == byte[].class) {
      return "base64 text";
    }
    if (type.isEnum()) {
      return "one of " + Arrays.stream(type.getEnumConstants()).map(c -> ((Enum<?>) c).name())
          .collect(Collectors.joining(", "));
    }
    if (Collection.class.isAssignableFrom(type) || type.isArray()) {
      return "a JSON array";
    }
    if (Map.class.isAssignableFrom(type)) {
      return "a JSON object";
    }
    return "a JSON object for " + type.getSimpleName();
  }
}
