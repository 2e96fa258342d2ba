package io.axle.perf.payload;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/** One line of an {@link Order}. */
public final class OrderLine {
  public String sku;
  public String description;
  public int quantity;
  public long unitPriceCents;
  public double discount;
  public List<String> tags = new ArrayList<>();

  public OrderLine() {
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof OrderLine other && quantity == other.quantity && unitPriceCents == other.unitPriceCents
        && Double.compare(discount, other.discount) == 0 && Objects.equals(sku, other.sku)
        && Objects.equals(description, other.description) && Objects.equals(tags, other.tags);
  }

  @Override
  public int hashCode() {
    return Objects.hash(sku, description, quantity, unitPriceCents, discount, tags);
  }
}
