package io.axle.highway.internal;

import io.axle.AxleException;
import io.axle.Response;
import io.axle.Status;
import io.axle.contract.OperationMeta;
import io.axle.transport.Attempt;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.buffer.ByteBufUtil;
import io.protostuff.LinkedBuffer;
import io.protostuff.ProtobufIOUtil;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Encodes and decodes the frames of one operation. Built once per operation; thread-safe.
 */
public final class OperationCodec {
  private static final Logger log = LoggerFactory.getLogger(OperationCodec.class);
  private static final ThreadLocal<LinkedBuffer> BUFFERS = ThreadLocal.withInitial(() -> LinkedBuffer.allocate(512));
  /** Room for a request's header section before it grows: the operation's name and a few context entries. */
  private static final int REQUEST_HEADER_ROOM = 128;
  /** Room for an OK response's fixed header and its (empty) header section. */
  private static final int RESPONSE_HEADER_ROOM = Frames.FIXED_SIZE + 8;

  private final OperationMeta operation;
  private final FieldsSchema arguments;
  private final FieldsSchema result;
  private final byte[] requestPrefix;
  private final ErrorBodyCodec errors;

  public OperationCodec(OperationMeta operation) {
    this.operation = operation;
    this.requestPrefix = FrameHeader.requestPrefix(operation.schemaId(), operation.name());
    ValueCodec[] args = new ValueCodec[operation.parameterCount()];
    for (int i = 0; i < args.length; i++) {
      args[i] = ValueCodecs.forType(operation.parameterType(i),
          operation.qualifiedName() + " parameter " + operation.parameterName(i));
    }
    this.arguments = new FieldsSchema(operation.qualifiedName() + ".args", args);
    this.result = new FieldsSchema(operation.qualifiedName() + ".result",
        new ValueCodec[] {ValueCodecs.forType(operation.resultType(), operation.qualifiedName() + " result")});
    this.errors = new ErrorBodyCodec(operation);
  }

  public OperationMeta operation() {
    return operation;
  }

  /**
   * A request frame with request id 0 and, for a call with a deadline, a timeout of 0: the
   * connection writes the real id and the time left in when it sends it ({@link #stampRequest}).
   */
  public ByteBuf encodeRequest(ByteBufAllocator alloc, Attempt invocation, FrameLimits limits) {
    // Whether there is one, not what is left: the clock is read once, when the request is stamped.
    boolean deadline = invocation.deadlineNanos() != 0;
    Map<String, String> context = invocation.contextOrNull();
    if (context != null && context.size() > limits.maxContextEntries()) {
      throw new AxleException(Status.BAD_REQUEST, operation.qualifiedName() + " was not sent: its context has "
          + context.size() + " entries (expected: <= " + limits.maxContextEntries()
          + ", axle.highway.max-context-entries)");
    }
    ByteBuf buf = null;
    try {
      // The body first, so that the frame is made once at its size, of the kind its size calls for.
      int bodySize = encodeBody(arguments, invocation.args());
      buf = frameBuffer(alloc, REQUEST_HEADER_ROOM, bodySize, limits.maxFrameSize());
      int start = buf.writerIndex();
      writeFixedHeader(buf, Frames.TYPE_REQUEST, 0);
      int headerStart = buf.writerIndex();
      FrameHeader.writeRequest(buf, requestPrefix, deadline, context);
      int bodyStart = buf.writerIndex();
      if (bodyStart - headerStart > limits.maxHeaderSize()) {
        throw new AxleException(Status.BAD_REQUEST, operation.qualifiedName() + " was not sent: its header section "
            + "(operation and context entries) is " + (bodyStart - headerStart) + " bytes (expected: <= "
            + limits.maxHeaderSize() + ", axle.highway.max-header-size)");
      }
      checkFrameSize(bodyStart - start + bodySize, limits.maxFrameSize(), "request");
      copyBody(buf, bodySize);
      setLengths(buf, start, headerStart, bodyStart);
      return buf;
    } catch (RuntimeException | IOException | StackOverflowError e) {
      if (buf != null) {
        buf.release();
      }
      throw e instanceof AxleException ae ? ae : new AxleException(Status.BAD_REQUEST,
          "cannot encode the arguments of " + operation.qualifiedName() + ": " + reason(e), e);
    } finally {
      clearBody();
    }
  }

  /**
   * Writes the request id and the time left to the caller's deadline into an encoded request, as
   * the connection hands it to the socket: the provider gets the budget as it stands when the
   * request is sent, not when it was encoded (docs/protocol.md), so clocks need not agree and a
   * call that waited for a connection does not overstate what is left. {@code nowNanos} is the
   * clock as the connection took the request ({@link Attempt#nowIfTimed}).
   */
  public void stampRequest(ByteBuf request, long requestId, Attempt invocation, long nowNanos) {
    request.setLong(request.readerIndex() + Frames.REQUEST_ID_OFFSET, requestId);
    long remaining = invocation.remainingNanos(nowNanos);
    if (remaining != Long.MAX_VALUE) {
      FrameHeader.stampTimeout(request, requestPrefix.length, Math.max(1, TimeUnit.NANOSECONDS.toMicros(remaining)));
    }
  }

  /** The arguments of a request body; a body that does not decode is a bad request, not a broken connection. */
  public Object[] decodeArguments(ByteBuf body) {
    try {
      return decode(body, arguments);
    } catch (RuntimeException | IOException | StackOverflowError e) {
      // A value the codecs refused (an unknown enum constant, unparsable text) says what was expected
      // itself; a broken message gets the shape of the body it should have had.
      throw new AxleException(Status.BAD_REQUEST, "cannot decode the arguments of " + operation.qualifiedName()
          + ": " + reason(e) + (e instanceof IllegalArgumentException ? "" : " (expected: fields 1.."
          + arguments.size() + " as declared by " + operation.method().toGenericString() + ")"), e);
    }
  }

  /**
   * A response frame for a response, from {@code alloc}, or for a body of at least
   * {@link EncodeBuffers#LARGE_BODY} bytes a pooled direct buffer, which the connection writes as it
   * is. A result that cannot be encoded, or one over the maximum frame size, becomes an error
   * response instead, so the caller learns why.
   */
  public ByteBuf encodeResponse(ByteBufAllocator alloc, long requestId, Response response, int maxFrameSize) {
    if (!response.isOk()) {
      ByteBuf buf = alloc.buffer(64);
      writeResponse(buf, requestId, response, maxFrameSize);
      return buf;
    }
    int bodySize;
    try {
      bodySize = encodeBody(result, new Object[] {response.result()});
    } catch (RuntimeException | IOException | StackOverflowError e) {
      clearBody();
      ByteBuf buf = alloc.buffer(64);
      writeResultFailure(buf, requestId, e);
      return buf;
    }
    ByteBuf buf = frameBuffer(alloc, RESPONSE_HEADER_ROOM, bodySize, maxFrameSize);
    writeEncodedResult(buf, requestId, bodySize, maxFrameSize);
    return buf;
  }

  /**
   * Appends a response frame to {@code out}, after whatever it holds: a provider batches the
   * responses of one read burst into one buffer. A result that cannot be encoded, or one over the
   * maximum frame size, leaves nothing of itself behind and becomes an error frame instead.
   */
  public void writeResponse(ByteBuf out, long requestId, Response response, int maxFrameSize) {
    if (!response.isOk()) {
      Object[] declared = response.status() == Status.APPLICATION_ERROR ? errors.bodyOf(response.error()) : null;
      if (declared == null || !writeDeclaredError(out, requestId, response.error().getMessage(), declared,
          maxFrameSize)) {
        writeError(out, requestId, response.error().status(), response.error().getMessage(),
            response.error().isNotRun());
      }
      return;
    }
    int bodySize;
    try {
      bodySize = encodeBody(result, new Object[] {response.result()});
    } catch (RuntimeException | IOException | StackOverflowError e) {
      clearBody();
      writeResultFailure(out, requestId, e);
      return;
    }
    writeEncodedResult(out, requestId, bodySize, maxFrameSize);
  }

  /**
   * Appends an OK frame whose body {@link #encodeBody} left in this thread's buffer, and clears that
   * buffer. A frame over the maximum size is refused before its body is copied, and becomes an
   * error frame.
   */
  private void writeEncodedResult(ByteBuf out, long requestId, int bodySize, int maxFrameSize) {
    int start = out.writerIndex();
    try {
      writeFixedHeader(out, Frames.TYPE_RESPONSE, requestId);
      int headerStart = out.writerIndex();
      FrameHeader.writeResponse(out, 0, null);
      int bodyStart = out.writerIndex();
      checkFrameSize(bodyStart - start + bodySize, maxFrameSize, "response");
      copyBody(out, bodySize);
      setLengths(out, start, headerStart, bodyStart);
    } catch (RuntimeException | IOException e) {
      out.writerIndex(start);
      writeResultFailure(out, requestId, e);
    } finally {
      clearBody();
    }
  }

  /** The error frame of a result that could not be encoded or sent. */
  private void writeResultFailure(ByteBuf out, long requestId, Throwable e) {
    AxleException error = e instanceof AxleException ae ? ae : new AxleException(Status.INTERNAL_ERROR,
        "cannot encode the result of " + operation.qualifiedName() + ": "
            + (e instanceof StackOverflowError ? reason(e) : e), e);
    writeError(out, requestId, error.status(), error.getMessage(), false);
  }

  /**
   * An APPLICATION_ERROR frame whose body carries the declared exception's type and fields; false,
   * with nothing left behind, when they cannot be encoded (the caller then still gets the status
   * and message).
   */
  private boolean writeDeclaredError(ByteBuf out, long requestId, String message, Object[] body, int maxFrameSize) {
    int start = out.writerIndex();
    try {
      writeFixedHeader(out, Frames.TYPE_RESPONSE, requestId);
      int headerStart = out.writerIndex();
      FrameHeader.writeResponse(out, Status.APPLICATION_ERROR.wireCode(), message == null ? "" : message);
      int bodyStart = out.writerIndex();
      writeBody(out, errors.body, body);
      finish(out, start, headerStart, bodyStart, maxFrameSize, "error response");
      return true;
    } catch (RuntimeException | IOException | StackOverflowError e) {
      out.writerIndex(start);
      log.warn("{}: the fields of declared error {} could not be encoded, so it is answered with its status and "
          + "message only: {}", operation.qualifiedName(), body[0], reason(e));
      return false;
    }
  }

  /** An error response, needing no operation: also used for unknown operations and bad requests. */
  public static ByteBuf encodeError(ByteBufAllocator alloc, long requestId, Status status, String message) {
    ByteBuf buf = alloc.buffer(64 + (message == null ? 0 : message.length()));
    writeError(buf, requestId, status, message, false);
    return buf;
  }

  private static void writeError(ByteBuf out, long requestId, Status status, String message, boolean notRun) {
    int start = out.writerIndex();
    writeFixedHeader(out, Frames.TYPE_RESPONSE, requestId);
    int headerStart = out.writerIndex();
    FrameHeader.writeResponse(out, status.wireCode(), message == null ? "" : message, notRun);
    out.setInt(start + 12, out.writerIndex() - headerStart);
    out.setInt(start + 16, 0);
  }

  /** A frame that carries only its type, such as GOAWAY. */
  public static ByteBuf encodeControl(ByteBufAllocator alloc, byte type) {
    ByteBuf buf = alloc.buffer(Frames.FIXED_SIZE);
    writeFixedHeader(buf, type, 0);
    return buf;
  }

  /** The response a consumer gets from a response frame. */
  public Response decodeResponse(FrameHeader header, ByteBuf body) {
    if (header.status != 0) {
      Status status = Status.fromWireCode(header.status);
      if (status == null || status == Status.OK || status.isLocal()) {
        return Response.failure(Status.INTERNAL_ERROR, operation.qualifiedName() + " failed with unknown status "
            + header.status + ": " + header.message);
      }
      String message = header.message == null ? "" : header.message;
      if (status == Status.APPLICATION_ERROR) {
        return Response.failure(declaredError(message, body));
      }
      return Response.failure(header.notRun ? AxleException.notRun(status, message) : new AxleException(status, message));
    }
    try {
      return Response.ok(decode(body, result)[0]);
    } catch (RuntimeException | IOException | StackOverflowError e) {
      return Response.failure(new AxleException(Status.INTERNAL_ERROR, "cannot decode the result of "
          + operation.qualifiedName() + ": " + reason(e), e));
    }
  }

  private AxleException declaredError(String message, ByteBuf body) {
    Object[] parts = (Object[]) errors.body.newMessage();
    try {
      mergeInto(body, errors.body, parts);
      return errors.received(message, parts);
    } catch (RuntimeException | IOException | StackOverflowError e) {
      return new AxleException(Status.APPLICATION_ERROR, message + " (its fields did not decode: " + reason(e) + ")",
          parts[0] instanceof String name ? name : null, Map.of(), null);
    }
  }

  /**
   * Why a value did not encode or decode. Protostuff recurses once per level of nesting and has no
   * depth limit, so a deeply nested message (a few thousand levels fit in a small frame) overflows
   * the stack; that fails the one call, not the thread that was running it or its connection.
   */
  private static String reason(Throwable e) {
    return e instanceof StackOverflowError ? "nested too deeply (the stack overflowed)" : e.getMessage();
  }

  private static void writeFixedHeader(ByteBuf buf, byte type, long requestId) {
    buf.writeShort(Frames.MAGIC);
    buf.writeByte(Frames.VERSION);
    buf.writeByte(type);
    buf.writeLong(requestId);
    buf.writeInt(0);
    buf.writeInt(0);
  }

  /**
   * A frame's buffer, made once the body's size is known: for a body of at least
   * {@link EncodeBuffers#LARGE_BODY} bytes a pooled direct one, which the connection hands to the
   * socket as it is rather than copying it into its batch; otherwise from {@code alloc}. A frame
   * that cannot fit {@code maxFrameSize} gets room for its header only: it is refused before its
   * body is copied.
   */
  private static ByteBuf frameBuffer(ByteBufAllocator alloc, int headerRoom, int bodySize, int maxFrameSize) {
    if (Frames.FIXED_SIZE + (long) bodySize > maxFrameSize) {
      return alloc.buffer(headerRoom);
    }
    if (bodySize >= EncodeBuffers.LARGE_BODY) {
      return EncodeBuffers.large().directBuffer(headerRoom + bodySize);
    }
    return alloc.buffer(headerRoom + bodySize);
  }

  /**
   * Encodes {@code message} into this thread's protostuff chained buffer, which keeps a large byte
   * array as a link of its own rather than copying it, and returns its size. The caller copies it
   * into the frame ({@link #copyBody}) and always clears it ({@link #clearBody}).
   */
  private static int encodeBody(NestedSchema schema, Object message) throws IOException {
    return ProtobufIOUtil.writeTo(BUFFERS.get(), message, schema);
  }

  /** Copies the body {@link #encodeBody} made into {@code buf}, growing it once to its size. */
  private static void copyBody(ByteBuf buf, int bodySize) throws IOException {
    buf.ensureWritable(bodySize);
    LinkedBuffer.writeTo((OutputStream) new ByteBufOutputStream(buf), BUFFERS.get());
  }

  private static void clearBody() {
    BUFFERS.get().clear();
  }

  /** Encodes and copies a body in one go, for frames whose buffer is already chosen. */
  private static void writeBody(ByteBuf buf, NestedSchema schema, Object message) throws IOException {
    try {
      copyBody(buf, encodeBody(schema, message));
    } finally {
      clearBody();
    }
  }

  private static Object[] decode(ByteBuf body, FieldsSchema schema) throws IOException {
    Object[] values = schema.newMessage();
    mergeInto(body, schema, values);
    return values;
  }

  /** Reads a body into a schema's message, straight from the buffer's array when it has one. */
  private static void mergeInto(ByteBuf body, NestedSchema schema, Object message) throws IOException {
    if (body.hasArray()) {
      BodyInput.mergeFrom(body.array(), body.arrayOffset() + body.readerIndex(), body.readableBytes(), schema, message);
    } else {
      byte[] bytes = ByteBufUtil.getBytes(body);
      BodyInput.mergeFrom(bytes, 0, bytes.length, schema, message);
    }
  }

  private void finish(ByteBuf buf, int start, int headerStart, int bodyStart, int maxFrameSize, String what) {
    checkFrameSize(buf.writerIndex() - start, maxFrameSize, what);
    setLengths(buf, start, headerStart, bodyStart);
  }

  private void checkFrameSize(int frameBytes, int maxFrameSize, String what) {
    if (frameBytes > maxFrameSize) {
      throw new AxleException(Status.BAD_REQUEST, operation.qualifiedName() + ": " + what + " of " + frameBytes
          + " bytes is over axle.highway.max-frame-size " + maxFrameSize
          + " (expected: a smaller payload, or raise axle.highway.max-frame-size on both sides)");
    }
  }

  /** Writes the header section's and the body's lengths into the fixed header of the frame at {@code start}. */
  private static void setLengths(ByteBuf buf, int start, int headerStart, int bodyStart) {
    buf.setInt(start + 12, bodyStart - headerStart);
    buf.setInt(start + 16, buf.writerIndex() - bodyStart);
  }
}
