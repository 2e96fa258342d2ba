package io.axle.highway.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.axle.AxleException;
import io.axle.Status;
import io.axle.contract.SchemaMeta;
import io.netty.buffer.Unpooled;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * An int32 on the wire for a {@code short}, {@code byte} or {@code char} argument that does not fit
 * is a bad request naming the value and the range, never a silent truncation (REST refuses the same).
 */
class OperationCodecNarrowTypesTest {
  /** The three narrow types as the only argument of an operation each. */
  public interface Narrow {
    short aShort(short value);

    byte aByte(byte value);

    char aChar(char value);
  }

  /** Field 1 as a varint of {@code value}: what a peer would send for an int32 argument. */
  private static byte[] varintField1(long value) {
    byte[] out = new byte[11];
    out[0] = 0x08;
    int i = 1;
    while ((value & ~0x7FL) != 0) {
      out[i++] = (byte) ((value & 0x7F) | 0x80);
      value >>>= 7;
    }
    out[i++] = (byte) value;
    return java.util.Arrays.copyOf(out, i);
  }

  @ParameterizedTest(name = "{0}({1})")
  @CsvSource({
      "aShort, 70000, 'a short, -32768 to 32767'",
      "aShort, -40000, 'a short, -32768 to 32767'",
      "aByte, 200, 'a byte, -128 to 127'",
      "aChar, 70000, 'a char, 0 to 65535'"})
  void anOutOfRangeValue_isABadRequestNamingTheRange(String operation, long value, String expected) {
    OperationCodec codec = new OperationCodec(SchemaMeta.of("Narrow", Narrow.class).operation(operation));
    byte[] body = varintField1(value);

    AxleException error = catchThrowableOfType(AxleException.class,
        () -> codec.decodeArguments(Unpooled.wrappedBuffer(body)));

    assertThat(error.status()).isEqualTo(Status.BAD_REQUEST);
    assertThat(error).hasMessageContaining("cannot decode the arguments of Narrow." + operation + ": " + value
        + " (expected: " + expected + ")");
  }

  @ParameterizedTest(name = "{0}({1})")
  @CsvSource({"aShort, -32768", "aShort, 32767", "aByte, -128", "aChar, 65535"})
  void theEdgesOfTheRange_decode(String operation, long value) {
    OperationCodec codec = new OperationCodec(SchemaMeta.of("Narrow", Narrow.class).operation(operation));

    Object decoded = codec.decodeArguments(Unpooled.wrappedBuffer(varintField1(value)))[0];

    assertThat(((Number) (decoded instanceof Character c ? (int) c : decoded)).longValue()).isEqualTo(value);
  }
}
