package io.axle.rest.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

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
    assertThat(PlainJson.writable(String.class)).isTrue();
    assertThat(PlainJson.writable(long.class)).isTrue();
    assertThat(PlainJson.writable(double.class)).isFalse();
    assertThat(PlainJson.writable(Object.class)).isFalse();
    assertThatThrownBy(() -> new PlainJson.ObjectWriter("caf\u00e9"))
        .hasMessage("JSON name: caf\u00e9 (expected: printable ASCII, no quote or backslash)");
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
