package io.axle.rest.internal;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * JSON for the plainest and commonest values without Jackson: an RPC-style body of short strings,
 * whole numbers and booleans, and a string result. Jackson builds a generator or a parser, a
 * context and buffers for each document, which for a one-string body and a one-string answer was
 * ~7% of a REST consumer's CPU per call. These methods write and read exactly the bytes Jackson
 * would, and only for text that needs no escaping (printable ASCII other than {@code "} and
 * {@code \}); for anything else they answer null and the caller uses Jackson.
 */
public final class PlainJson {
  private static final byte[] TRUE = {'t', 'r', 'u', 'e'};
  private static final byte[] FALSE = {'f', 'a', 'l', 's', 'e'};
  private static final byte[] NULL = {'n', 'u', 'l', 'l'};

  private PlainJson() {
  }

  /** Whether values of a declared type are ones {@link ObjectWriter} can write: String, int, long, boolean, boxed or not. */
  public static boolean writable(Class<?> type) {
    return type == String.class || type == int.class || type == Integer.class || type == long.class
        || type == Long.class || type == boolean.class || type == Boolean.class;
  }

  /** Whether a string goes into JSON as it is, between quotes: printable ASCII, no quote, no backslash. */
  public static boolean plain(CharSequence text) {
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      if (c < 0x20 || c > 0x7e || c == '"' || c == '\\') {
        return false;
      }
    }
    return true;
  }

  /** {@code "text"} as JSON, or null when the text needs escaping. */
  public static byte[] string(String text) {
    if (!plain(text)) {
      return null;
    }
    byte[] json = new byte[text.length() + 2];
    json[0] = '"';
    for (int i = 0; i < text.length(); i++) {
      json[i + 1] = (byte) text.charAt(i);
    }
    json[json.length - 1] = '"';
    return json;
  }

  /**
   * The value of a JSON document that is only a string literal without escapes ({@code "hi"}), or
   * null for anything else (whitespace, escapes, non-ASCII, another kind of value, malformed).
   */
  public static String readString(byte[] json) {
    int length = json.length;
    if (length < 2 || json[0] != '"' || json[length - 1] != '"') {
      return null;
    }
    for (int i = 1; i < length - 1; i++) {
      byte b = json[i];
      if (b < 0x20 || b == '"' || b == '\\') {
        // A negative byte is non-ASCII UTF-8, which Jackson decodes and checks.
        return null;
      }
    }
    return new String(json, 1, length - 2, StandardCharsets.ISO_8859_1);
  }

  /**
   * Writes a JSON object of named values, {@code {"a":40,"b":"x"}}, in the order of its names. Built
   * once per operation; thread-safe.
   */
  public static final class ObjectWriter {
    /** {@code {"a":}, {@code ,"b":}, ...: what comes before each value. */
    private final byte[][] prefixes;

    /**
     * @throws IllegalArgumentException for a name that needs escaping; check {@link #plain} first
     */
    public ObjectWriter(String... names) {
      this.prefixes = new byte[names.length][];
      for (int i = 0; i < names.length; i++) {
        if (!plain(names[i])) {
          throw new IllegalArgumentException("JSON name: " + names[i] + " (expected: printable ASCII, no quote or backslash)");
        }
        prefixes[i] = ((i == 0 ? "{\"" : ",\"") + names[i] + "\":").getBytes(StandardCharsets.US_ASCII);
      }
    }

    /**
     * The object of {@code values}, one per name; null when a value is not a String, Integer, Long,
     * Boolean or null, or is a string that needs escaping.
     */
    public byte[] write(Object[] values) {
      if (prefixes.length == 0) {
        return new byte[] {'{', '}'};
      }
      byte[] out = new byte[64];
      int position = 0;
      for (int i = 0; i < prefixes.length; i++) {
        Object value = values[i];
        byte[] prefix = prefixes[i];
        int valueLength;
        if (value instanceof String text) {
          if (!plain(text)) {
            return null;
          }
          valueLength = text.length() + 2;
        } else if (value == null) {
          valueLength = NULL.length;
        } else if (value instanceof Integer || value instanceof Long) {
          valueLength = 20;
        } else if (value instanceof Boolean) {
          valueLength = FALSE.length;
        } else {
          return null;
        }
        int needed = position + prefix.length + valueLength + 1;
        if (needed > out.length) {
          out = Arrays.copyOf(out, Math.max(needed, out.length * 2));
        }
        System.arraycopy(prefix, 0, out, position, prefix.length);
        position += prefix.length;
        position = writeValue(value, out, position);
      }
      out[position++] = '}';
      return Arrays.copyOf(out, position);
    }

    private static int writeValue(Object value, byte[] out, int position) {
      if (value instanceof String text) {
        out[position++] = '"';
        for (int i = 0; i < text.length(); i++) {
          out[position++] = (byte) text.charAt(i);
        }
        out[position++] = '"';
        return position;
      }
      byte[] literal = value == null ? NULL : value instanceof Boolean b ? (b ? TRUE : FALSE)
          : value.toString().getBytes(StandardCharsets.US_ASCII);
      System.arraycopy(literal, 0, out, position, literal.length);
      return position + literal.length;
    }
  }
}
