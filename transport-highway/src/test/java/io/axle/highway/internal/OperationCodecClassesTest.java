package io.axle.highway.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Status;
import io.axle.contract.SchemaMeta;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import org.junit.jupiter.api.Test;

/**
 * A class (not a record) is read in place ({@link PojoCodec}): each field that arrives is set, and each one
 * left out is set to null or zero even where the class's constructor gave it another value, as a record's
 * absent component reads; primitive fields on both sides of the 64-field mark; unknown fields skipped; a
 * nested message longer than its body refused by name.
 */
class OperationCodecClassesTest {
  /** A class whose constructor leaves values a message must override when a field is absent. */
  public static final class Defaults {
    public String name = "unnamed";
    public List<String> tags = new ArrayList<>(List.of("default"));
    public int count = 7;
    public long total = 8;
    public double ratio = 0.5;
    public boolean active = true;
    public short small = 3;
  }

  /** Seventy fields: the last six are past the first 64, whose presence a bit each records. */
  public static final class Wide {
    public int f01, f02, f03, f04, f05, f06, f07, f08, f09, f10;
    public long f11, f12, f13, f14, f15, f16, f17, f18, f19, f20;
    public double f21, f22, f23, f24, f25, f26, f27, f28, f29, f30;
    public boolean f31, f32, f33, f34, f35, f36, f37, f38, f39, f40;
    public String f41, f42, f43, f44, f45, f46, f47, f48, f49, f50;
    public int f51, f52, f53, f54, f55, f56, f57, f58, f59, f60;
    public int f61, f62, f63, f64, f65, f66, f67, f68, f69;
    public String f70 = "seventy";

    @Override
    public boolean equals(Object o) {
      return o instanceof Wide w && f01 == w.f01 && f10 == w.f10 && f11 == w.f11 && f20 == w.f20 && f21 == w.f21
          && f31 == w.f31 && f40 == w.f40 && Objects.equals(f41, w.f41) && Objects.equals(f50, w.f50)
          && f64 == w.f64 && f65 == w.f65 && f69 == w.f69 && Objects.equals(f70, w.f70);
    }

    @Override
    public int hashCode() {
      return f01;
    }
  }

  /** A class with a byte array. */
  public static final class Blob {
    public byte[] data;
  }

  /** The operations the cases call. */
  public interface Classes {
    Defaults defaults(Defaults value);

    Wide wide(Wide value);

    Blob blob(Blob value);
  }

  private static OperationCodec codec(String operation) {
    return new OperationCodec(SchemaMeta.of("Classes", Classes.class).operation(operation));
  }

  /** The result of a response frame the codec encoded for {@code value}, decoded as a consumer would. */
  private static Object roundTrip(OperationCodec codec, Object value) {
    ByteBuf stream = codec.encodeResponse(UnpooledByteBufAllocator.DEFAULT, 1, Response.ok(value), 1 << 20);
    List<Object> frames = new ArrayList<>();
    new FrameDecoder(FrameLimits.maxFrameSize(1 << 20)).decode(null, stream, frames);
    Frame frame = (Frame) frames.get(0);
    try {
      Response response = codec.decodeResponse(FrameHeader.parse(frame.header()), frame.body());
      assertThat(response.isOk()).as("%s", response).isTrue();
      return response.result();
    } finally {
      frame.release();
      stream.release();
    }
  }

  @Test
  void everyFieldSent_readsBackAsSent() {
    Defaults sent = new Defaults();
    sent.name = "n";
    sent.tags = List.of("a", "b");
    sent.count = -1;
    sent.total = Long.MAX_VALUE;
    sent.ratio = -2.25;
    sent.active = false;
    sent.small = Short.MIN_VALUE;

    Defaults read = (Defaults) roundTrip(codec("defaults"), sent);

    assertThat(read).usingRecursiveComparison().isEqualTo(sent);
    assertThat(read.tags).isInstanceOf(ArrayList.class);
  }

  @Test
  void nullFields_readBackAsNull_notAsTheConstructorsDefaults() {
    Defaults sent = new Defaults();
    sent.name = null;
    sent.tags = null;

    Defaults read = (Defaults) roundTrip(codec("defaults"), sent);

    assertThat(read.name).isNull();
    assertThat(read.tags).isNull();
    assertThat(read.count).isEqualTo(7);
  }

  @Test
  void anEmptyMessage_leavesEveryFieldNullOrZero() {
    // The argument as field 1, a nested message of no bytes: every field left out.
    Defaults read = (Defaults) codec("defaults").decodeArguments(Unpooled.wrappedBuffer(new byte[] {0x0A, 0x00}))[0];

    assertThat(read.name).isNull();
    assertThat(read.tags).isNull();
    assertThat(read.count).isZero();
    assertThat(read.total).isZero();
    assertThat(read.ratio).isZero();
    assertThat(read.active).isFalse();
    assertThat(read.small).isZero();
  }

  @Test
  void anUnknownField_isSkipped() {
    // Field 3 (count) = 5, then field 99 as a varint, which no field of Defaults has.
    byte[] body = {0x0A, 0x05, 0x18, 0x05, (byte) 0x98, 0x06, 0x01};

    Defaults read = (Defaults) codec("defaults").decodeArguments(Unpooled.wrappedBuffer(body))[0];

    assertThat(read.count).isEqualTo(5);
    assertThat(read.name).isNull();
  }

  @Test
  void aClassOfSeventyFields_roundTrips_andItsFieldsPast64AreClearedWhenAbsent() {
    Wide sent = new Wide();
    sent.f01 = 1;
    sent.f10 = 10;
    sent.f11 = 11;
    sent.f20 = 20;
    sent.f21 = 21.5;
    sent.f31 = true;
    sent.f40 = true;
    sent.f41 = "forty-one";
    sent.f64 = 64;
    sent.f65 = 65;
    sent.f69 = 69;

    assertThat(roundTrip(codec("wide"), sent)).isEqualTo(sent);

    // Only field 65 arrives: the rest, f70's default included, read as zero or null.
    byte[] body = {0x0A, 0x03, (byte) 0x88, 0x04, 0x2A};
    Wide read = (Wide) codec("wide").decodeArguments(Unpooled.wrappedBuffer(body))[0];
    assertThat(read.f65).isEqualTo(42);
    assertThat(read.f01).isZero();
    assertThat(read.f69).isZero();
    assertThat(read.f70).isNull();
  }

  @Test
  void aNestedMessageLongerThanItsBody_isABadRequestSayingSo() {
    byte[] body = {0x0A, 0x64, 0x18, 0x05};

    AxleException error = catchThrowableOfType(AxleException.class,
        () -> codec("defaults").decodeArguments(Unpooled.wrappedBuffer(body)));

    assertThat(error.status()).isEqualTo(Status.BAD_REQUEST);
    assertThat(error).hasMessageContaining("a nested message declares 100 bytes but only 2 remain in its message");
  }

  @Test
  void aByteArrayWhoseLengthRunsPastItsMessage_isABadRequest_notAHugeAllocation() {
    // An unknown field 15 (8 bytes) first, then argument 1: a nested message of 5 bytes whose byte array's
    // length (F0 FF FF FF) goes on into the outer message's next byte (07): read on, it is 0x7FFFFFF0.
    byte[] body = {0x7A, 0x08, 0, 0, 0, 0, 0, 0, 0, 0, 0x0A, 0x05, 0x0A, (byte) 0xF0, (byte) 0xFF, (byte) 0xFF,
        (byte) 0xFF, 0x07};

    AxleException error = catchThrowableOfType(AxleException.class,
        () -> codec("blob").decodeArguments(Unpooled.wrappedBuffer(body)));

    assertThat(error.status()).isEqualTo(Status.BAD_REQUEST);
    assertThat(error).hasMessageContaining("a field's length runs past the end of its message");
  }
}
