package io.axle.transport.types;

import io.axle.types.DataType;
import io.axle.types.Property;
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
import java.time.OffsetTime;
import java.time.Period;
import java.time.Year;
import java.time.YearMonth;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.UUID;

/**
 * Random values of any contract type, read from its {@link DataType}: nulls wherever a reference
 * may be null (inside collections and maps too), empty and large collections, immutable and
 * unmodifiable wrappers, unicode beyond the BMP, extreme numbers. One seed gives one sequence.
 */
final class RandomValues {
  private static final List<String> ZONES = List.of("UTC", "Europe/Paris", "America/New_York", "Asia/Kolkata",
      "Australia/Lord_Howe", "Pacific/Chatham");
  private static final int MAX_DEPTH = 3;

  private final Random random;

  RandomValues(long seed) {
    this.random = new Random(seed);
  }

  Object of(DataType type) {
    return of(type, 0, true);
  }

  private Object of(DataType type, int depth, boolean nullable) {
    if (nullable && !type.isPrimitive() && type.kind() != DataType.Kind.OPTIONAL && type.kind() != DataType.Kind.VOID
        && random.nextInt(depth >= MAX_DEPTH ? 2 : 8) == 0) {
      return null;
    }
    return switch (type.kind()) {
      case VOID -> null;
      case BOOLEAN -> random.nextBoolean();
      case INT -> pick(0, -1, 1, Integer.MIN_VALUE, Integer.MAX_VALUE, random.nextInt());
      case LONG -> pick(0L, -1L, Long.MIN_VALUE, Long.MAX_VALUE, random.nextLong(), (long) random.nextInt(1000));
      case SHORT -> (short) random.nextInt(Short.MIN_VALUE, Short.MAX_VALUE + 1);
      case BYTE -> (byte) random.nextInt(256);
      case CHAR -> character();
      case FLOAT -> pick(0f, Float.MIN_VALUE, Float.MAX_VALUE, (float) random.nextGaussian() * 1e6f);
      case DOUBLE -> pick(0d, Double.MIN_VALUE, Double.MAX_VALUE, random.nextGaussian() * 1e12, 0.1);
      case STRING -> string();
      case BYTES -> bytes();
      case TEXT -> text(type.rawClass());
      case ENUM -> {
        Object[] constants = type.rawClass().getEnumConstants();
        yield constants[random.nextInt(constants.length)];
      }
      case OPTIONAL -> random.nextInt(3) == 0 ? Optional.empty() : Optional.of(of(type.element(), depth + 1, false));
      case ARRAY -> type.newArray(elements(type.element(), depth, true));
      case COLLECTION -> collection(type, depth);
      case MAP -> map(type, depth);
      case RECORD, POJO -> {
        List<Property> properties = type.properties();
        Object[] values = new Object[properties.size()];
        for (int i = 0; i < values.length; i++) {
          values[i] = of(properties.get(i).type(), depth + 1, true);
        }
        yield type.create(values);
      }
    };
  }

  private List<Object> elements(DataType element, int depth, boolean nulls) {
    int size = depth >= MAX_DEPTH ? random.nextInt(2) : switch (random.nextInt(10)) {
      case 0 -> 0;
      case 1 -> 50 + random.nextInt(150);
      default -> 1 + random.nextInt(5);
    };
    List<Object> values = new ArrayList<>(size);
    for (int i = 0; i < size; i++) {
      values.add(of(element, depth + 1, nulls));
    }
    return values;
  }

  private Object collection(DataType type, int depth) {
    boolean sorted = SortedSet.class.isAssignableFrom(type.rawClass());
    Collection<Object> collection = type.newCollection();
    collection.addAll(elements(type.element(), depth, !sorted));
    boolean hasNull = !sorted && collection.contains(null);
    if (type.rawClass() == List.class) {
      return switch (random.nextInt(3)) {
        case 0 -> hasNull ? Collections.unmodifiableList(new ArrayList<>(collection)) : List.copyOf(collection);
        case 1 -> Collections.unmodifiableList(new ArrayList<>(collection));
        default -> collection;
      };
    }
    if (type.rawClass() == Set.class && !hasNull && random.nextBoolean()) {
      return Set.copyOf(collection);
    }
    if (sorted && random.nextBoolean()) {
      return Collections.unmodifiableSortedSet((SortedSet<Object>) collection);
    }
    return collection;
  }

  @SuppressWarnings("unchecked")
  private Object map(DataType type, int depth) {
    Map<Object, Object> map = type.newMap();
    for (Object key : elements(type.key(), depth, false)) {
      map.put(key, of(type.element(), depth + 1, true));
    }
    if (type.rawClass() == Map.class) {
      boolean nullValue = map.containsValue(null);
      return switch (random.nextInt(3)) {
        case 0 -> nullValue ? Collections.unmodifiableMap(map) : Map.copyOf(map);
        case 1 -> Collections.unmodifiableMap(map);
        default -> map;
      };
    }
    return map instanceof SortedMap<?, ?> sorted && random.nextBoolean()
        ? Collections.unmodifiableSortedMap((SortedMap<Object, Object>) sorted) : map;
  }

  @SafeVarargs
  private <T> T pick(T... choices) {
    return choices[random.nextInt(choices.length)];
  }

  private char character() {
    char c;
    do {
      c = (char) random.nextInt(Character.MAX_VALUE + 1);
    } while (Character.isSurrogate(c));
    return c;
  }

  private String string() {
    int length = switch (random.nextInt(12)) {
      case 0 -> 0;
      case 1 -> 1000 + random.nextInt(5000);
      default -> random.nextInt(20);
    };
    StringBuilder text = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      int codePoint = switch (random.nextInt(6)) {
        case 0 -> random.nextInt(0x20);                        // control characters
        case 1 -> 0x1F600 + random.nextInt(0x50);              // emoji, beyond the BMP
        case 2 -> "\"\\/<>&'".charAt(random.nextInt(7));       // what JSON and HTML escape
        case 3 -> 0x4E00 + random.nextInt(0x5000);             // CJK
        default -> 0x20 + random.nextInt(0x5F);                // printable ASCII
      };
      text.appendCodePoint(codePoint);
    }
    return text.toString();
  }

  private byte[] bytes() {
    byte[] bytes = new byte[random.nextInt(4) == 0 ? 0 : random.nextInt(300)];
    random.nextBytes(bytes);
    return bytes;
  }

  private Object text(Class<?> type) {
    Instant instant = Instant.ofEpochSecond(random.nextLong(-2_000_000_000L, 8_000_000_000L),
        random.nextBoolean() ? 0 : random.nextInt(1_000_000_000));
    ZoneId zone = ZoneId.of(ZONES.get(random.nextInt(ZONES.size())));
    ZoneOffset offset = ZoneOffset.ofTotalSeconds(random.nextInt(-18 * 4, 18 * 4 + 1) * 900);
    if (type == BigDecimal.class) {
      return new BigDecimal(new BigInteger(random.nextInt(1, 200), random).multiply(BigInteger.valueOf(
          random.nextBoolean() ? 1 : -1)), random.nextInt(-5, 30));
    }
    if (type == BigInteger.class) {
      return new BigInteger(random.nextInt(1, 300), random).multiply(BigInteger.valueOf(random.nextBoolean() ? 1 : -1));
    }
    if (type == UUID.class) {
      return new UUID(random.nextLong(), random.nextLong());
    }
    if (type == URI.class) {
      return URI.create("https://example.test/p/" + random.nextInt(1000) + "?q=" + random.nextInt(10) + "#f");
    }
    if (type == Instant.class) {
      return instant;
    }
    LocalDateTime local = LocalDateTime.ofInstant(instant, zone);
    if (type == LocalDate.class) {
      return local.toLocalDate();
    }
    if (type == LocalTime.class) {
      return local.toLocalTime();
    }
    if (type == LocalDateTime.class) {
      return local;
    }
    if (type == OffsetDateTime.class) {
      return OffsetDateTime.of(local, offset);
    }
    if (type == OffsetTime.class) {
      return OffsetTime.of(local.toLocalTime(), offset);
    }
    if (type == ZonedDateTime.class) {
      return ZonedDateTime.ofInstant(instant, zone);
    }
    if (type == Duration.class) {
      return Duration.ofSeconds(random.nextLong(-1_000_000_000L, 1_000_000_000L), random.nextInt(1_000_000_000));
    }
    if (type == Period.class) {
      return Period.of(random.nextInt(-100, 100), random.nextInt(-20, 20), random.nextInt(-400, 400));
    }
    if (type == Year.class) {
      return Year.of(random.nextInt(-9999, 10000));
    }
    if (type == YearMonth.class) {
      return YearMonth.from(local);
    }
    if (type == MonthDay.class) {
      return MonthDay.from(local);
    }
    if (type == ZoneId.class) {
      return zone;
    }
    if (type == ZoneOffset.class) {
      return offset;
    }
    throw new IllegalArgumentException("no generator for " + type);
  }
}
