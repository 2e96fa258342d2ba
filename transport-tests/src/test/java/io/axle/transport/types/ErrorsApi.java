package io.axle.transport.types;

import io.axle.contract.ContractErrors;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/** Operations that fail with declared and undeclared exceptions. */
@ContractErrors(ErrorsApi.QuotaException.class)
public interface ErrorsApi {
  String find(String id) throws OrderNotFoundException;

  CompletableFuture<String> findAsync(String id) throws OrderNotFoundException;

  /** Declares an unchecked exception. */
  String spend(BigDecimal amount) throws LimitExceededException;

  /** Declares a base and a subclass; throws a subclass of the subclass, which must travel as the nearer. */
  String hardLimit(int n) throws LimitException, LimitExceededException;

  /** A subclass of a declared error that is not declared itself. */
  final class HardLimitException extends LimitExceededException {
    public HardLimitException(BigDecimal limit, Instant at) {
      super(limit, at);
    }
  }

  /** Throws an IllegalStateException it does not declare. */
  String undeclared(String message);

  /** Throws QuotaException, which it does not list but the schema declares for every operation. */
  String quota(int requested);

  /** Declared schema-wide with {@link ContractErrors}. */
  final class QuotaException extends RuntimeException {
    private final int remaining;

    public QuotaException(int remaining) {
      super("quota exceeded, " + remaining + " left");
      this.remaining = remaining;
    }

    public int remaining() {
      return remaining;
    }
  }

  /** A checked exception with fields and a constructor that computes its message. */
  final class OrderNotFoundException extends Exception {
    private final String orderId;
    private final List<Integer> triedShards;

    public OrderNotFoundException(String orderId, List<Integer> triedShards) {
      super("order " + orderId + " not found");
      this.orderId = orderId;
      this.triedShards = triedShards;
    }

    public String orderId() {
      return orderId;
    }

    public List<Integer> triedShards() {
      return triedShards;
    }
  }

  /** An unchecked exception with fields of a superclass of its own. */
  class LimitException extends RuntimeException {
    private final BigDecimal limit;

    LimitException(String message, BigDecimal limit) {
      super(message);
      this.limit = limit;
    }

    public BigDecimal limit() {
      return limit;
    }
  }

  class LimitExceededException extends LimitException {
    private final Instant at;

    public LimitExceededException(BigDecimal limit, Instant at) {
      super("over the limit of " + limit, limit);
      this.at = at;
    }

    public Instant at() {
      return at;
    }
  }

  /** The same schema as an older consumer has it: no declared errors. */
  interface Undeclaring {
    String find(String id);

    String spend(BigDecimal amount);
  }

  class Impl implements ErrorsApi {
    static final Instant AT = Instant.parse("2026-11-25T10:15:30.123456789Z");

    @Override
    public String find(String id) throws OrderNotFoundException {
      throw new OrderNotFoundException(id, List.of(1, 2, 3));
    }

    @Override
    public CompletableFuture<String> findAsync(String id) {
      return CompletableFuture.failedFuture(new OrderNotFoundException(id, List.of()));
    }

    @Override
    public String spend(BigDecimal amount) {
      throw new LimitExceededException(new BigDecimal("100.00"), AT);
    }

    @Override
    public String hardLimit(int n) {
      throw new HardLimitException(BigDecimal.valueOf(n), AT);
    }

    @Override
    public String undeclared(String message) {
      throw new IllegalStateException(message);
    }

    @Override
    public String quota(int requested) {
      throw new QuotaException(requested / 2);
    }
  }
}
