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

  /** The values read and written here: a string without escapes, a whole number, true or false. */
  public enum Kind { STRING, INT, LONG, BOOLEAN }

  /**
   * The kind of values of a declared type (String, int, long, boolean, boxed or not), or null when
   * only Jackson reads and writes them.
   */
  public static Kind kind(Class<?> type) {
    if (type == String.class) {
      return Kind.STRING;
    }
    if (type == int.class || type == Integer.class) {
      return Kind.INT;
    }
    if (type == long.class || type == Long.class) {
      return Kind.LONG;
    }
    return type == boolean.class || type == Boolean.class ? Kind.BOOLEAN : null;
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
   * Reads a JSON object of named plain values, {@code {"a":40,"b":"x"}}, written compactly, as
   * Axle's consumer writes it; whole numbers of up to 9 digits for {@code INT}, 18 for {@code LONG}.
   * Built once per operation; thread-safe.
   */
  public static final class ObjectReader {
    /** What {@link #read} gives for a name the document leaves out. */
    public static final Object ABSENT = new Object();

    private final byte[][] names;
    private final Kind[] kinds;

    /**
     * @throws IllegalArgumentException for a name that needs escaping; check {@link #plain} first
     */
    public ObjectReader(String[] names, Kind[] kinds) {
      if (names.length != kinds.length) {
        throw new IllegalArgumentException(names.length + " names and " + kinds.length + " kinds (expected: one kind per name)");
      }
      this.names = new byte[names.length][];
      for (int i = 0; i < names.length; i++) {
        if (!plain(names[i])) {
          throw new IllegalArgumentException("JSON name: " + names[i] + " (expected: printable ASCII, no quote or backslash)");
        }
        this.names[i] = names[i].getBytes(StandardCharsets.US_ASCII);
      }
      this.kinds = kinds.clone();
    }

    /**
     * The value of each name, {@link #ABSENT} for one the document leaves out; null when Jackson
     * must read the document: whitespace, escapes, non-ASCII, a name repeated or not known, a value
     * of another kind (Jackson coerces some, and words its errors), a number with a fraction,
     * exponent, leading zero or too many digits, anything malformed.
     */
    public Object[] read(byte[] json) {
      int length = json.length;
      if (length < 2 || json[0] != '{') {
        return null;
      }
      Object[] values = new Object[names.length];
      Arrays.fill(values, ABSENT);
      int p = 1;
      if (json[p] == '}') {
        return p + 1 == length ? values : null;
      }
      while (true) {
        int end = plainStringEnd(json, p);
        if (end < 0 || end + 1 >= length || json[end + 1] != ':') {
          return null;
        }
        int field = field(json, p + 1, end);
        if (field < 0 || values[field] != ABSENT) {
          return null;
        }
        p = end + 2;
        p = switch (kinds[field]) {
          case STRING -> readString(json, p, values, field);
          case INT -> readWhole(json, p, 9, values, field);
          case LONG -> readWhole(json, p, 18, values, field);
          case BOOLEAN -> readBoolean(json, p, values, field);
        };
        if (p < 0 || p >= length) {
          return null;
        }
        if (json[p] == '}') {
          return p + 1 == length ? values : null;
        }
        if (json[p] != ',') {
          return null;
        }
        p++;
      }
    }

    /** The index of the closing quote of a plain string opening at {@code start}, or -1. */
    private static int plainStringEnd(byte[] json, int start) {
      if (start >= json.length || json[start] != '"') {
        return -1;
      }
      for (int i = start + 1; i < json.length; i++) {
        byte b = json[i];
        if (b == '"') {
          return i;
        }
        // A negative byte is non-ASCII UTF-8: Jackson's to decode.
        if (b < 0x20 || b == '\\') {
          return -1;
        }
      }
      return -1;
    }

    private int field(byte[] json, int from, int to) {
      for (int i = 0; i < names.length; i++) {
        if (Arrays.equals(names[i], 0, names[i].length, json, from, to)) {
          return i;
        }
      }
      return -1;
    }

    private static int readString(byte[] json, int p, Object[] values, int field) {
      int end = plainStringEnd(json, p);
      if (end < 0) {
        return -1;
      }
      values[field] = new String(json, p + 1, end - p - 1, StandardCharsets.ISO_8859_1);
      return end + 1;
    }

    private static int readWhole(byte[] json, int p, int maxDigits, Object[] values, int field) {
      boolean negative = p < json.length && json[p] == '-';
      int i = negative ? p + 1 : p;
      int first = i;
      long value = 0;
      while (i < json.length && json[i] >= '0' && json[i] <= '9') {
        value = value * 10 + (json[i] - '0');
        i++;
      }
      int digits = i - first;
      if (digits == 0 || digits > maxDigits || (json[first] == '0' && digits > 1)) {
        return -1;
      }
      value = negative ? -value : value;
      values[field] = maxDigits <= 9 ? (Object) (int) value : (Object) value;
      return i;
    }

    private static int readBoolean(byte[] json, int p, Object[] values, int field) {
      if (Arrays.equals(TRUE, 0, TRUE.length, json, p, Math.min(json.length, p + TRUE.length))) {
        values[field] = Boolean.TRUE;
        return p + TRUE.length;
      }
      if (Arrays.equals(FALSE, 0, FALSE.length, json, p, Math.min(json.length, p + FALSE.length))) {
        values[field] = Boolean.FALSE;
        return p + FALSE.length;
      }
      return -1;
    }
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
