package io.axle.perf.payload;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** An order: a few scalars and a list of {@link OrderLine}s, the nesting a service's payload has. */
public final class Order {
  public long id;
  public String customer;
  public String currency;
  public long totalCents;
  public boolean paid;
  public List<OrderLine> lines = new ArrayList<>();

  public Order() {
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Order other && id == other.id && totalCents == other.totalCents && paid == other.paid
        && Objects.equals(customer, other.customer) && Objects.equals(currency, other.currency)
        && Objects.equals(lines, other.lines);
  }

  @Override
  public int hashCode() {
    return Objects.hash(id, customer, currency, totalCents, paid, lines);
  }

  @Override
  public String toString() {
    return "Order[id=" + id + ", " + lines.size() + " lines]";
  }
}
