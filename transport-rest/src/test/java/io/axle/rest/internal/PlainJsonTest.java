package io.axle.rest.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static io.axle.rest.internal.PlainJson.Kind.BOOLEAN;
import static io.axle.rest.internal.PlainJson.Kind.INT;
import static io.axle.rest.internal.PlainJson.Kind.LONG;
import static io.axle.rest.internal.PlainJson.Kind.STRING;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** What PlainJson writes is byte for byte what Jackson writes, and what it reads is what Jackson reads. */
class PlainJsonTest {
  private static final RestJson JSON = new RestJson();
  private static final List<String> PLAIN = List.of("", "hi", "hello world", "a/b", "<&>'`~!@#$%^*()", "12345678901");
  private static final List<String> NOT_PLAIN = List.of("say \"hi\"", "back\\slash", "tab\t", "line\n", "\u0001",
      "caf\u00e9", "\u4e2d\u6587", "\ud83d\ude00", "\u2028");

  @Test
  void plainStrings_areWrittenAsJacksonWritesThem_andOthersAreLeftToJackson() {
    for (String text : PLAIN) {
      assertThat(PlainJson.string(text)).as(text).isEqualTo(jackson(text));
      assertThat(JSON.write(text)).as(text).isEqualTo(jackson(text));
    }
    for (String text : NOT_PLAIN) {
      assertThat(PlainJson.string(text)).as(text).isNull();
      assertThat(JSON.write(text)).as(text).isEqualTo(jackson(text));
    }
  }

  @Test
  void aPlainStringLiteral_readsAsJacksonReadsIt_andAnythingElseIsLeftToJackson() {
    for (String text : PLAIN) {
      assertThat(PlainJson.readString(jackson(text))).as(text).isEqualTo(text);
    }
    for (String text : NOT_PLAIN) {
      String read = PlainJson.readString(jackson(text));
      assertThat(read).as(text).isNull();
      assertThat(JSON.read(jackson(text), String.class)).isEqualTo(text);
    }
    // DEL needs no escape: Jackson writes it as it is, and both read it back; PlainJson only declines to write it.
    assertThat(PlainJson.string("\u007f")).isNull();
    assertThat(PlainJson.readString(jackson("\u007f"))).isEqualTo("\u007f");
    for (String document : List.of(" \"a\"", "\"a\" ", "\"a", "a\"", "\"", "null", "42", "\"a\"b\"", "\"\u0001\"",
        "[\"a\"]", "")) {
      assertThat(PlainJson.readString(document.getBytes(StandardCharsets.UTF_8))).as(document).isNull();
    }
  }

  @Test
  void objectsOfPlainValues_areWrittenAsJacksonWritesThem() {
    List<Object> values = new ArrayList<>(PLAIN);
    values.addAll(Arrays.asList(null, 0, -1, Integer.MIN_VALUE, Integer.MAX_VALUE, 0L, Long.MIN_VALUE,
        Long.MAX_VALUE, true, false));
    PlainJson.ObjectWriter one = new PlainJson.ObjectWriter("message");
    PlainJson.ObjectWriter three = new PlainJson.ObjectWriter("a", "b_2", "$c");
    for (Object a : values) {
      assertThat(one.write(new Object[] {a})).as("%s", a).isEqualTo(jackson(fields(new String[] {"message"}, a)));
      for (Object b : values) {
        Object[] args = {a, b, a};
        assertThat(new String(three.write(args), StandardCharsets.UTF_8)).as("%s, %s", a, b)
            .isEqualTo(new String(jackson(fields(new String[] {"a", "b_2", "$c"}, args)), StandardCharsets.UTF_8));
      }
    }
    // Long enough to outgrow the first buffer.
    String longText = "x".repeat(200);
    assertThat(three.write(new Object[] {longText, Long.MIN_VALUE, longText}))
        .isEqualTo(jackson(fields(new String[] {"a", "b_2", "$c"}, longText, Long.MIN_VALUE, longText)));
    assertThat(new PlainJson.ObjectWriter().write(new Object[0])).isEqualTo(jackson(Map.of()));
  }

  @Test
  void anythingElse_isLeftToJackson() {
    PlainJson.ObjectWriter writer = new PlainJson.ObjectWriter("a", "b");
    for (String text : NOT_PLAIN) {
      assertThat(writer.write(new Object[] {"ok", text})).as(text).isNull();
    }
    for (Object other : List.of(1.5, (short) 1, 'c', List.of(), new Object(), Map.of(), new byte[0])) {
      assertThat(writer.write(new Object[] {other, 1})).as("%s", other).isNull();
    }
    assertThat(PlainJson.kind(String.class)).isEqualTo(STRING);
    assertThat(PlainJson.kind(long.class)).isEqualTo(LONG);
    assertThat(PlainJson.kind(Boolean.class)).isEqualTo(BOOLEAN);
    assertThat(PlainJson.kind(double.class)).isNull();
    assertThat(PlainJson.kind(Object.class)).isNull();
    assertThatThrownBy(() -> new PlainJson.ObjectWriter("caf\u00e9"))
        .hasMessage("JSON name: caf\u00e9 (expected: printable ASCII, no quote or backslash)");
  }

  @Test
  void objectsOfPlainValues_readAsJacksonReadsThem() {
    PlainJson.ObjectReader reader = new PlainJson.ObjectReader(new String[] {"s", "i", "l", "b"},
        new PlainJson.Kind[] {STRING, INT, LONG, BOOLEAN});
    List<Object[]> rows = List.of(
        new Object[] {"hi", 42, 7L, true},
        new Object[] {"", -1, -123_456_789_012_345_678L, false},
        new Object[] {"a/b <&>", 999_999_999, 999_999_999_999_999_999L, true},
        new Object[] {"x", -999_999_999, -999_999_999_999_999_999L, false},
        new Object[] {"0", 0, 0L, true});
    for (Object[] row : rows) {
      byte[] document = new PlainJson.ObjectWriter("s", "i", "l", "b").write(row);
      assertThat(reader.read(document)).as(new String(document, StandardCharsets.UTF_8)).containsExactly(row);
      var tree = JSON.tree(document);
      assertThat(new Object[] {tree.get("s").asString(), tree.get("i").asInt(), tree.get("l").asLong(),
          tree.get("b").asBoolean()}).containsExactly(row);
    }
    // Any order, any subset; what is left out is ABSENT.
    assertThat(reader.read(bytes("{\"b\":false,\"s\":\"z\"}")))
        .containsExactly("z", PlainJson.ObjectReader.ABSENT, PlainJson.ObjectReader.ABSENT, false);
    assertThat(reader.read(bytes("{}"))).containsOnly(PlainJson.ObjectReader.ABSENT);
    assertThat(reader.read(bytes("{\"i\":-0}"))[1]).isEqualTo(0);
  }

  @Test
  void objectsJacksonMustRead_areLeftToIt() {
    PlainJson.ObjectReader reader = new PlainJson.ObjectReader(new String[] {"s", "i", "l", "b"},
        new PlainJson.Kind[] {STRING, INT, LONG, BOOLEAN});
    for (String document : List.of("", "{", "[]", "{ }", "{ \"s\":\"a\"}", "{\"s\": \"a\"}", "{\"s\":\"a\" }",
        "{\"s\":\"a\\\"b\"}", "{\"s\":\"caf\u00e9\"}", "{\"s\":\"tab\t\"}", "{\"x\":1}", "{\"s\":\"a\",\"s\":\"b\"}",
        "{\"s\":1}", "{\"s\":null}", "{\"i\":\"1\"}", "{\"i\":null}", "{\"i\":1.5}", "{\"i\":1e3}", "{\"i\":01}",
        "{\"i\":-}", "{\"i\":1234567890}", "{\"l\":1234567890123456789}", "{\"b\":tru}", "{\"b\":True}",
        "{\"b\":1}", "{\"i\":1,}", "{\"i\":1", "{\"i\":1}x", "{}x", "{\"i\"1}", "{\"i\":1;\"l\":2}",
        "{\"s\":\"a}", "{\"s}")) {
      assertThat(reader.read(bytes(document))).as(document).isNull();
    }
  }

  private static byte[] bytes(String text) {
    return text.getBytes(StandardCharsets.UTF_8);
  }

  private static Map<String, Object> fields(String[] names, Object... values) {
    Map<String, Object> fields = new LinkedHashMap<>();
    for (int i = 0; i < names.length; i++) {
      fields.put(names[i], values[i]);
    }
    return fields;
  }

  private static byte[] jackson(Object value) {
    return JSON.mapper().writeValueAsBytes(value);
  }
}
