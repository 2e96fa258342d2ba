package io.axle.highway.internal;

import io.axle.transport.ProviderOperation;
import io.axle.transport.ProviderOperations;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;

/**
 * The operations a highway server serves, found by the bytes of a request's schema id and
 * operation name. Every request names its operation; decoding those two strings, joining them
 * into a key and hashing it was about a tenth of a provider's CPU at high call rates, so the
 * table is built once at start-up and a request only hashes and compares the bytes in place.
 *
 * <p>Immutable after construction: connections on every event loop share it.
 */
final class ServedOperations {
  /** A byte array's eight bytes at an index as one big-endian long, as {@link ByteBuf#getLong} reads them. */
  private static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  /** One served operation with its codec and the UTF-8 bytes a request names it by. */
  record Served(ProviderOperation operation, OperationCodec codec, byte[] schemaId, byte[] name) {
  }

  private final Served[] table;
  private final int mask;

  ServedOperations(ProviderOperations operations, OperationCodecs codecs) {
    int size = Integer.highestOneBit(Math.max(4, operations.all().size() * 4) - 1) << 1;
    this.table = new Served[size];
    this.mask = size - 1;
    for (ProviderOperation operation : operations.all()) {
      byte[] schemaId = operation.meta().schemaId().getBytes(StandardCharsets.UTF_8);
      byte[] name = operation.meta().name().getBytes(StandardCharsets.UTF_8);
      // Hashed as a request's header is: both names in one buffer, at their places in it.
      ByteBuf names = Unpooled.wrappedBuffer(schemaId, name);
      int slot = hash(names, 0, schemaId.length, schemaId.length, name.length) & mask;
      while (table[slot] != null) {
        slot = (slot + 1) & mask;
      }
      table[slot] = new Served(operation, codecs.of(operation.meta()), schemaId, name);
    }
  }

  /** The operation named by the header's schema id and operation, or null; the header must have both. */
  Served find(FrameHeader header) {
    ByteBuf buf = header.source();
    int schemaIndex = header.schemaIdIndex;
    int schemaLength = header.schemaIdLength;
    int nameIndex = header.operationIndex;
    int nameLength = header.operationLength;
    for (int slot = hash(buf, schemaIndex, schemaLength, nameIndex, nameLength) & mask; ;
        slot = (slot + 1) & mask) {
      Served served = table[slot];
      if (served == null) {
        return null;
      }
      if (matches(buf, schemaIndex, schemaLength, served.schemaId)
          && matches(buf, nameIndex, nameLength, served.name)) {
        return served;
      }
    }
  }

  /** Whether the {@code length} bytes at {@code index} are {@code expected}: eight at a time, then one by one. */
  private static boolean matches(ByteBuf buf, int index, int length, byte[] expected) {
    if (length != expected.length) {
      return false;
    }
    int i = 0;
    for (; i + Long.BYTES <= length; i += Long.BYTES) {
      if (buf.getLong(index + i) != (long) LONG_BE.get(expected, i)) {
        return false;
      }
    }
    for (; i < length; i++) {
      if (buf.getByte(index + i) != expected[i]) {
        return false;
      }
    }
    return true;
  }

  /**
   * The hash of a schema id and an operation name lying in {@code buf}, the same at start-up and per request.
   * Read eight bytes at a time: each read of a direct buffer costs a bounds and liveness check (Netty without
   * {@code sun.misc.Unsafe}, its default from Java 25), so byte by byte this lookup was ~6% of a provider's loop.
   */
  private static int hash(ByteBuf buf, int schemaIndex, int schemaLength, int nameIndex, int nameLength) {
    int h = mix(1, buf, schemaIndex, schemaLength);
    h = 31 * h + '/';
    h = mix(h, buf, nameIndex, nameLength);
    return h ^ (h >>> 16);
  }

  private static int mix(int h, ByteBuf buf, int index, int length) {
    int i = 0;
    for (; i + Long.BYTES <= length; i += Long.BYTES) {
      h = 31 * h + Long.hashCode(buf.getLong(index + i));
    }
    for (; i < length; i++) {
      h = 31 * h + buf.getByte(index + i);
    }
    return h;
  }
}
