package io.axle.highway.internal;

import io.axle.AxleException;
import io.axle.contract.OperationMeta;
import io.axle.types.DeclaredError;
import io.axle.types.DeclaredErrors;
import io.axle.types.GenericTypes;
import io.protostuff.Output;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The body of an {@code APPLICATION_ERROR} response (docs/protocol.md, "Error body"): the declared
 * exception's type name (field 1), its fields as a nested message numbered as a record's (field 2)
 * and the same fields as text (field 3). A consumer that knows the name rebuilds the exception
 * from field 2; one that does not keeps the name, the message and the text of field 3. An error
 * passed on from another operation that does not declare it travels without field 2.
 */
final class ErrorBodyCodec {
  private static final int TYPE = 1;
  private static final int FIELDS = 2;
  private static final int TEXT_DETAILS = 3;
  /** map<string, string>: each field as text, for a consumer that does not know the type. */
  private static final ValueCodec TEXTS = ValueCodecs.forType(
      GenericTypes.parameterized(Map.class, String.class, String.class), "highway error details");

  private final DeclaredErrors declared;
  private final Map<String, FieldsSchema> schemas = new HashMap<>();

  ErrorBodyCodec(OperationMeta operation) {
    this.declared = DeclaredErrors.of(operation);
    for (DeclaredError error : declared.all()) {
      schemas.put(error.name(), FieldsSchema.of(operation.qualifiedName() + "." + error.name(), error.properties()));
    }
  }

  /** The body for an error, or null when it is not a declared error this operation knows. */
  Object[] bodyOf(AxleException error) {
    if (error.errorType() == null) {
      return null;
    }
    DeclaredError type = error.getCause() == null ? null : declared.find(error.getCause());
    Map<String, String> texts = new LinkedHashMap<>();
    error.details().forEach((field, value) -> texts.put(field, text(value)));
    if (type == null) {
      // A declared error of another operation passed on as it came (a proxy hop): its name and its
      // fields as text still travel, as over REST; typed fields need a type this operation declares.
      return new Object[] {error.errorType(), null, texts};
    }
    Object[] fields = new Object[type.properties().size()];
    for (int i = 0; i < fields.length; i++) {
      fields[i] = type.properties().get(i).get(error.getCause());
    }
    return new Object[] {type.name(), fields, texts};
  }

  /** The schema of the whole body, written from {@link #bodyOf} and read into a two-slot holder. */
  final NestedSchema body = new NestedSchema("error") {
    @Override
    public void writeTo(Output out, Object message) throws IOException {
      Object[] parts = (Object[]) message;
      String name = (String) parts[0];
      out.writeString(TYPE, name, false);
      FieldsSchema fields = schemas.get(name);
      if (parts[1] != null && fields != null) {
        out.writeObject(FIELDS, parts[1], fields, false);
      }
      if (parts[2] != null) {
        TEXTS.write(out, TEXT_DETAILS, parts[2], false);
      }
    }

    @Override
    public Object newMessage() {
      return new Object[3];
    }

    @Override
    void readFrom(BodyInput in, Object message) throws IOException {
      Object[] parts = (Object[]) message;
      for (int number = in.readFieldNumber(this); number != 0; number = in.readFieldNumber(this)) {
        FieldsSchema fields = parts[0] == null ? null : schemas.get((String) parts[0]);
        if (number == TYPE) {
          parts[0] = in.readString();
        } else if (number == FIELDS && fields != null) {
          parts[1] = in.readMessage(fields, null);
        } else if (number == TEXT_DETAILS) {
          parts[2] = TEXTS.read(in);
        } else {
          in.skipField(number, this);
        }
      }
    }
  };

  /** A field as text: {@code toString()}, which for the text types is their ISO / canonical form; arrays listed. */
  private static String text(Object value) {
    if (value == null) {
      return null;
    }
    if (value.getClass().isArray()) {
      String listed = Arrays.deepToString(new Object[] {value});
      return listed.substring(1, listed.length() - 1);
    }
    return String.valueOf(value);
  }

  /** The error a consumer gets from a decoded body: the exception itself when the name is known. */
  AxleException received(String message, Object[] parts) {
    String name = (String) parts[0];
    DeclaredError type = name == null ? null : declared.named(name);
    if (type == null || parts[1] == null) {
      // Not a type this side declares: its name, and its fields as the text the provider wrote.
      @SuppressWarnings("unchecked")
      Map<String, Object> texts = parts[2] == null ? Map.of() : (Map<String, Object>) parts[2];
      return DeclaredErrors.received(message, name, texts, null);
    }
    return type.received(message, (Object[]) parts[1]);
  }
}
