package io.axle.highway.internal;

import static org.assertj.core.api.Assertions.assertThat;

import io.axle.internal.ServedOperation;
import io.axle.contract.OperationMeta;
import io.axle.contract.SchemaMeta;
import io.axle.executor.AxleExecutors;
import io.axle.internal.FilterChains;
import io.axle.internal.MethodInvoker;
import io.axle.testing.EchoService;
import io.axle.testing.EchoServiceImpl;
import io.axle.transport.ProviderOperation;
import io.axle.transport.ProviderOperations;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A request's operation is found by the bytes of its header, exactly as by name. */
class ServedOperationsTest {
  private final List<ProviderOperation> served = new ArrayList<>();
  private final ServedOperations table;

  ServedOperationsTest() {
    List<String> schemaIds = new ArrayList<>(List.of("EchoService", "Echo", "EchoServic", "Echo_Service-2"));
    for (int i = 0; i < 60; i++) {
      schemaIds.add("Schema" + i);
    }
    for (String schemaId : schemaIds) {
      SchemaMeta schema = SchemaMeta.of(schemaId, EchoService.class);
      for (OperationMeta meta : schema.operations().values()) {
        served.add(new ServedOperation(meta, EchoServiceImpl.class, AxleExecutors.inline(), "inline",
            FilterChains.build(List.of(), new MethodInvoker(meta, new EchoServiceImpl()))));
      }
    }
    table = new ServedOperations(operations(served), new OperationCodecs());
  }

  @Test
  void everyServedOperation_isFoundByItsOwnBytes_withItsCodec() {
    assertThat(served).hasSizeGreaterThan(120);
    for (ProviderOperation operation : served) {
      ServedOperations.Served found = table.find(header(operation.meta().schemaId(), operation.meta().name()));
      assertThat(found).as(operation.meta().qualifiedName()).isNotNull();
      assertThat(found.operation()).isSameAs(operation);
      assertThat(found.codec().operation()).isSameAs(operation.meta());
    }
  }

  @Test
  void namesThatAreNotServed_areNotFound_evenWhenTheyShareAPrefixOrALength() {
    assertThat(table.find(header("EchoService", "nope"))).isNull();
    assertThat(table.find(header("EchoServicX", "echo"))).isNull();
    assertThat(table.find(header("EchoServiceX", "echo"))).isNull();
    assertThat(table.find(header("Echo", "ech"))).isNull();
    assertThat(table.find(header("", "echo"))).isNull();
    // The separator is part of the hash: moving bytes from one name to the other is another operation.
    assertThat(table.find(header("EchoServiceec", "ho"))).isNull();
  }

  @Test
  void namesLongerThanAWord_differingInAnyByte_areNotFound() {
    // Compared eight bytes at a time, then the tail: a difference in the first word, the second, or the tail.
    assertThat(table.find(header("Fcho_Service-2", "echo"))).isNull();
    assertThat(table.find(header("Echo_Servicf-2", "echo"))).isNull();
    assertThat(table.find(header("Echo_Service-3", "echo"))).isNull();
    assertThat(table.find(header("Echo_Service-2", "echo")).operation().meta().schemaId()).isEqualTo("Echo_Service-2");
  }

  @Test
  void aHeaderInDirectMemory_findsTheSameOperations() {
    for (ProviderOperation operation : served) {
      ServedOperations.Served found = table.find(header(operation.meta().schemaId(), operation.meta().name(), true));
      assertThat(found).as(operation.meta().qualifiedName()).isNotNull();
      assertThat(found.operation()).isSameAs(operation);
    }
  }

  @Test
  void aProviderWithNoOperations_findsNothing() {
    ServedOperations empty = new ServedOperations(operations(List.of()), new OperationCodecs());
    assertThat(empty.find(header("EchoService", "echo"))).isNull();
  }

  @Test
  void theHeaderStillGivesItsNames_asStrings_forMessages() {
    FrameHeader header = header("Ünïcode-schema", "echo");
    assertThat(header.schemaId()).isEqualTo("Ünïcode-schema");
    assertThat(header.operation()).isEqualTo("echo");
  }

  /** A parsed request header that sits after other bytes in its buffer, as in a real frame. */
  private static FrameHeader header(String schemaId, String operation) {
    return header(schemaId, operation, false);
  }

  /** The same, in a direct buffer when {@code direct}, as a socket reads it. */
  private static FrameHeader header(String schemaId, String operation, boolean direct) {
    ByteBuf buf = direct ? Unpooled.directBuffer() : Unpooled.buffer();
    buf.writeBytes(new byte[] {9, 9, 9, 9, 9});
    FrameHeader.writeRequest(buf, FrameHeader.requestPrefix(schemaId, operation), true, null);
    return FrameHeader.parse(buf.slice(5, buf.readableBytes() - 5));
  }

  private static ProviderOperations operations(List<ProviderOperation> all) {
    return new ProviderOperations() {
      @Override
      public ProviderOperation find(String schemaId, String operationName) {
        throw new AssertionError("the server looks operations up by bytes");
      }

      @Override
      public Collection<ProviderOperation> all() {
        return all;
      }
    };
  }
}
