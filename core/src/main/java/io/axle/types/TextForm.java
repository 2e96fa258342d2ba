package io.axle.types;

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
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;

/**
 * A value type that travels as text: big numbers, {@code UUID}, {@code URI} and the
 * {@code java.time} types, each in its ISO / canonical form ({@code toString()} and its parse
 * method are inverses), which is also what REST's JSON carries.
 */
public record TextForm(Class<?> type, Function<String, Object> parser) {
  private static final Map<Class<?>, TextForm> FORMS = Map.ofEntries(
      form(BigDecimal.class, BigDecimal::new),
      form(BigInteger.class, BigInteger::new),
      form(UUID.class, UUID::fromString),
      form(URI.class, URI::new),
      form(Instant.class, Instant::parse),
      form(LocalDate.class, LocalDate::parse),
      form(LocalTime.class, LocalTime::parse),
      form(LocalDateTime.class, LocalDateTime::parse),
      form(OffsetDateTime.class, OffsetDateTime::parse),
      form(OffsetTime.class, OffsetTime::parse),
      form(ZonedDateTime.class, ZonedDateTime::parse),
      form(Duration.class, Duration::parse),
      form(Period.class, Period::parse),
      form(Year.class, Year::parse),
      form(YearMonth.class, YearMonth::parse),
      form(MonthDay.class, MonthDay::parse),
      form(ZoneId.class, ZoneId::of),
      form(ZoneOffset.class, ZoneOffset::of));

  @FunctionalInterface
  private interface Parser {
    Object parse(String text) throws Exception;
  }

  private static Map.Entry<Class<?>, TextForm> form(Class<?> type, Parser parser) {
    return Map.entry(type, new TextForm(type, text -> {
      try {
        return parser.parse(text);
      } catch (Exception e) {
        throw new IllegalArgumentException(quoted(text) + " is not a " + type.getSimpleName()
            + " (expected: its ISO / canonical text form)", e);
      }
    }));
  }

  /** The text form of a class, or {@code null} when it has none. */
  static TextForm of(Class<?> type) {
    return FORMS.get(type);
  }

  /**
   * Text a peer sent, for an error message or a log line: quoted, cut after 80 characters, control
   * characters shown as {@code ?} so that it cannot forge log lines.
   */
  public static String quoted(String text) {
    String cut = text.length() > 80 ? text.substring(0, 80) + "..." : text;
    StringBuilder out = new StringBuilder(cut.length() + 2).append('"');
    for (int i = 0; i < cut.length(); i++) {
      char c = cut.charAt(i);
      out.append(Character.isISOControl(c) ? '?' : c);
    }
    return out.append('"').toString();
  }

  public String format(Object value) {
    return value.toString();
  }

  public Object parse(String text) {
    return parser.apply(text);
  }
}
