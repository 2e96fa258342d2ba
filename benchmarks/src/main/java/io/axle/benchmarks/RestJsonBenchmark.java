package io.axle.benchmarks;

import io.axle.rest.internal.PlainJson;
import io.axle.rest.internal.RestJson;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.ObjectReader;
import tools.jackson.databind.ObjectWriter;

/**
 * The JSON of one REST echo call, each of its four documents: the RPC-style body the consumer
 * writes ({@code {"message":"xxxxxxxxxx"}}) and the provider reads, and the string result the
 * provider writes and the consumer reads. {@code plain}: {@link PlainJson}, what the REST transport
 * uses for such values; {@code jackson}: the Jackson calls it made before (a generator and a field
 * writer for the body, a tree for reading it, a mapper and a reader for the result).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class RestJsonBenchmark {
  @Param({"plain", "jackson"})
  public String codec;

  private final RestJson json = new RestJson();
  private final PlainJson.ObjectWriter plainBody = new PlainJson.ObjectWriter("message");
  private final PlainJson.ObjectReader plainFields = new PlainJson.ObjectReader(new String[] {"message"},
      new PlainJson.Kind[] {PlainJson.Kind.STRING});
  private ObjectWriter fieldWriter;
  private ObjectReader resultReader;
  private boolean plain;
  private byte[] body;
  private byte[] result;

  @Setup
  public void setUp() {
    plain = switch (codec) {
      case "plain" -> true;
      case "jackson" -> false;
      default -> throw new IllegalArgumentException("codec: " + codec + " (expected: plain or jackson)");
    };
    fieldWriter = json.mapper().writerFor(String.class);
    resultReader = json.mapper().readerFor(String.class);
    body = ("{\"message\":\"" + BenchService.ECHO_MESSAGE + "\"}").getBytes(StandardCharsets.UTF_8);
    result = ("\"" + BenchService.ECHO_MESSAGE + "\"").getBytes(StandardCharsets.UTF_8);
  }

  /** Consumer: the request body. */
  @Benchmark
  public byte[] writeBody() {
    if (plain) {
      return plainBody.write(new Object[] {BenchService.ECHO_MESSAGE});
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream(96);
    try (JsonGenerator generator = json.mapper().createGenerator(out)) {
      generator.writeStartObject();
      generator.writeName("message");
      fieldWriter.writeValue(generator, BenchService.ECHO_MESSAGE);
      generator.writeEndObject();
    }
    return out.toByteArray();
  }

  /** Provider: the argument out of the request body. */
  @Benchmark
  public Object readBody() {
    if (plain) {
      return plainFields.read(body)[0];
    }
    JsonNode fields = json.tree(body);
    return json.convert(fields.get("message"), String.class);
  }

  /** Provider: the response body. */
  @Benchmark
  public byte[] writeResult() {
    return plain ? PlainJson.string(BenchService.ECHO_MESSAGE) : json.mapper().writeValueAsBytes(BenchService.ECHO_MESSAGE);
  }

  /** Consumer: the result out of the response body. */
  @Benchmark
  public Object readResult() {
    return plain ? PlainJson.readString(result) : resultReader.readValue(result);
  }
}
