package io.axle.transport.types;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.MonthDay;
import java.time.OffsetDateTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;

/**
 * A contract of the types service teams really write: every operation returns what it was
 * given, so that a round trip over each transport must give back exactly the input.
 */
public interface TypesApi {
  Order order(Order order);

  List<OrderLine> lines(List<OrderLine> lines);

  Map<String, List<Integer>> tags(Map<String, List<Integer>> tags);

  Set<UUID> ids(Set<UUID> ids);

  SortedSet<String> sorted(SortedSet<String> sorted);

  SortedMap<Integer, String> byNumber(SortedMap<Integer, String> byNumber);

  Map<Level, String> notes(Map<Level, String> notes);

  Optional<OrderLine> firstLine(Optional<OrderLine> line);

  Optional<String> text(Optional<String> text);

  int[] ints(int[] ints);

  String[] strings(String[] strings);

  List<List<String>> nested(List<List<String>> nested);

  BigDecimal decimal(BigDecimal decimal);

  BigInteger integer(BigInteger integer);

  Times times(Times times);

  Instant instant(Instant instant);

  Page<OrderLine> page(Page<OrderLine> page);

  Page<Map<String, Long>> pageOfMaps(Page<Map<String, Long>> page);

  Node tree(Node tree);

  Customer customer(Customer customer);

  Scalars scalars(Scalars scalars);

  Level level(Level level);

  CompletableFuture<List<Order>> ordersAsync(List<Order> orders);

  /** Several parameters of different kinds at once, returned as one record. */
  Mixed mixed(String name, long count, List<OrderLine> lines, Optional<Instant> when, Map<String, BigDecimal> prices);

  void accept(Order order);

  enum Level { LOW, MEDIUM, HIGH }

  record OrderLine(String sku, int quantity, BigDecimal price, Optional<String> note) {
  }

  record Order(UUID id, List<OrderLine> lines, Map<String, List<Integer>> tags, Set<Level> levels, Instant placedAt,
      LocalDate due, Customer customer, boolean paid) {
  }

  record Times(LocalDate date, LocalTime time, LocalDateTime dateTime, OffsetDateTime offsetDateTime,
      ZonedDateTime zoned, Duration duration, Period period, Year year, YearMonth yearMonth, MonthDay monthDay,
      ZoneId zone, Instant instant) {
  }

  record Scalars(byte b, short s, int i, long l, float f, double d, char c, boolean z, Byte boxedByte,
      Integer boxedInt, Long boxedLong, Double boxedDouble, Character boxedChar, Boolean boxedBoolean, byte[] bytes,
      URI uri, BigInteger big) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Scalars x && b == x.b && s == x.s && i == x.i && l == x.l && Float.compare(f, x.f) == 0
          && Double.compare(d, x.d) == 0 && c == x.c && z == x.z && Objects.equals(boxedByte, x.boxedByte)
          && Objects.equals(boxedInt, x.boxedInt) && Objects.equals(boxedLong, x.boxedLong)
          && Objects.equals(boxedDouble, x.boxedDouble) && Objects.equals(boxedChar, x.boxedChar)
          && Objects.equals(boxedBoolean, x.boxedBoolean) && java.util.Arrays.equals(bytes, x.bytes)
          && Objects.equals(uri, x.uri) && Objects.equals(big, x.big);
    }

    @Override
    public int hashCode() {
      return Objects.hash(i, l);
    }
  }

  /** A recursive record. */
  record Node(String name, List<Node> children, Map<String, Node> named) {
  }

  record Mixed(String name, long count, List<OrderLine> lines, Optional<Instant> when, Map<String, BigDecimal> prices) {
  }

  /** A generic class with private fields, no setters and no no-argument constructor. */
  final class Page<T> {
    private final List<T> items;
    private final T first;
    private final int total;

    public Page(List<T> items, T first, int total) {
      this.items = items;
      this.first = first;
      this.total = total;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof Page<?> p && Objects.equals(items, p.items) && Objects.equals(first, p.first) && total == p.total;
    }

    @Override
    public int hashCode() {
      return Objects.hash(items, first, total);
    }

    @Override
    public String toString() {
      return "Page[" + items + ", " + first + ", " + total + "]";
    }
  }

  /** An abstract base class of the service's own: its fields travel first. */
  abstract class Named {
    protected String name = "unnamed";

    @Override
    public boolean equals(Object o) {
      return o instanceof Named n && Objects.equals(name, n.name);
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(name);
    }
  }

  /** A mutable class with an abstract superclass, a no-argument constructor and field defaults. */
  final class Customer extends Named {
    private Level level = Level.LOW;
    private List<String> emails;
    private transient String cached = "not sent";

    @Override
    public boolean equals(Object o) {
      return o instanceof Customer c && super.equals(o) && level == c.level && Objects.equals(emails, c.emails);
    }

    @Override
    public int hashCode() {
      return Objects.hash(name, level);
    }

    @Override
    public String toString() {
      return "Customer[" + name + ", " + level + ", " + emails + ", " + cached + "]";
    }
  }
}
