package io.axle.transport.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;

/** Returns what it is given; {@link #accept} keeps its argument for the test to look at. */
public class TypesImpl implements TypesApi {
  final AtomicReference<Order> accepted = new AtomicReference<>();

  @Override
  public Order order(Order order) {
    return order;
  }

  @Override
  public List<OrderLine> lines(List<OrderLine> lines) {
    return lines;
  }

  @Override
  public Map<String, List<Integer>> tags(Map<String, List<Integer>> tags) {
    return tags;
  }

  @Override
  public Set<UUID> ids(Set<UUID> ids) {
    return ids;
  }

  @Override
  public SortedSet<String> sorted(SortedSet<String> sorted) {
    return sorted;
  }

  @Override
  public SortedMap<Integer, String> byNumber(SortedMap<Integer, String> byNumber) {
    return byNumber;
  }

  @Override
  public Map<Level, String> notes(Map<Level, String> notes) {
    return notes;
  }

  @Override
  public Optional<OrderLine> firstLine(Optional<OrderLine> line) {
    return line;
  }

  @Override
  public Optional<String> text(Optional<String> text) {
    return text;
  }

  @Override
  public int[] ints(int[] ints) {
    return ints;
  }

  @Override
  public String[] strings(String[] strings) {
    return strings;
  }

  @Override
  public List<List<String>> nested(List<List<String>> nested) {
    return nested;
  }

  @Override
  public BigDecimal decimal(BigDecimal decimal) {
    return decimal;
  }

  @Override
  public BigInteger integer(BigInteger integer) {
    return integer;
  }

  @Override
  public Times times(Times times) {
    return times;
  }

  @Override
  public Instant instant(Instant instant) {
    return instant;
  }

  @Override
  public Page<OrderLine> page(Page<OrderLine> page) {
    return page;
  }

  @Override
  public Page<Map<String, Long>> pageOfMaps(Page<Map<String, Long>> page) {
    return page;
  }

  @Override
  public Node tree(Node tree) {
    return tree;
  }

  @Override
  public Customer customer(Customer customer) {
    return customer;
  }

  @Override
  public Scalars scalars(Scalars scalars) {
    return scalars;
  }

  @Override
  public Level level(Level level) {
    return level;
  }

  @Override
  public CompletableFuture<List<Order>> ordersAsync(List<Order> orders) {
    return CompletableFuture.completedFuture(orders);
  }

  @Override
  public Mixed mixed(String name, long count, List<OrderLine> lines, Optional<Instant> when,
      Map<String, BigDecimal> prices) {
    return new Mixed(name, count, lines, when, prices);
  }

  @Override
  public void accept(Order order) {
    accepted.set(order);
  }
}
