package io.axle.perf.payload;

import io.axle.Response;
import io.axle.contract.SchemaMeta;
import io.axle.highway.internal.OperationCodec;
import io.axle.perf.PerfService;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufUtil;
import io.netty.buffer.UnpooledByteBufAllocator;
import java.util.List;

/** The payloads of the {@code payload} key, and the bytes an {@link Order} takes on highway. */
public final class Payloads {
  /** {@code payload}'s default: {@code echo} with a {@code request-size} string. */
  public static final String STRING = "string";
  public static final String POJO_1K = "pojo-1k";
  public static final String POJO_64K = "pojo-64k";

  /** {@code echoOrder}'s codec: the bytes highway carries for an order are the ones measured and mimicked. */
  private static final OperationCodec ECHO_ORDER = new OperationCodec(
      SchemaMeta.of(PerfService.SCHEMA_ID, PerfService.class).operation("echoOrder"));

  private Payloads() {
  }

  /** The order for {@code payload}, or null for {@link #STRING}. */
  public static Order of(String payload) {
    return switch (payload) {
      case STRING -> null;
      case POJO_1K -> order(1024);
      case POJO_64K -> order(64 * 1024);
      default -> throw new IllegalArgumentException("payload: " + payload + " (expected: " + STRING + ", " + POJO_1K
          + " or " + POJO_64K + ")");
    };
  }

  /** An order whose highway answer frame first reaches {@code bytes}: lines are added until it does. */
  public static Order order(int bytes) {
    Order order = new Order();
    order.id = 4_711_000_042L;
    order.customer = "customer-000815 (Musterfrau, Erika)";
    order.currency = "EUR";
    order.paid = true;
    for (int i = 0; highwayFrame(order).length < bytes; i++) {
      OrderLine line = new OrderLine();
      line.sku = "SKU-" + (100_000 + i * 7919 % 900_000);
      line.description = "line " + i + ": stainless steel bolt, M8 x 40, DIN 933";
      line.quantity = 1 + i % 12;
      line.unitPriceCents = 199 + i * 37L % 10_000;
      line.discount = (i % 5) * 0.025;
      line.tags = List.of("hardware", i % 2 == 0 ? "in-stock" : "backorder");
      order.lines.add(line);
      order.totalCents += line.quantity * line.unitPriceCents;
    }
    return order;
  }

  /**
   * Highway's whole frame answering {@code echoOrder} with {@code order} (its fixed header, header
   * section and protostuff body): what the raw TCP echo carries for it, so that both move the same bytes.
   */
  public static byte[] highwayFrame(Order order) {
    ByteBuf frame = ECHO_ORDER.encodeResponse(UnpooledByteBufAllocator.DEFAULT, 1, Response.ok(order), Integer.MAX_VALUE);
    try {
      return ByteBufUtil.getBytes(frame);
    } finally {
      frame.release();
    }
  }
}
