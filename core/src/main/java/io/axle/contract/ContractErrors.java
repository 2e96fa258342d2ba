package io.axle.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Exceptions every operation of a schema interface may throw as part of its contract, in addition
 * to those each method declares with {@code throws}: typically unchecked ones that a method would
 * otherwise not mention. Like a declared exception, one thrown by the provider travels with its
 * type name and fields over either transport and is rethrown as itself on the consumer
 * (docs/protocol.md, "Error body"; docs/rest.md, "Declared errors").
 *
 * <pre>{@code
 * @ContractErrors({OrderNotFoundException.class, CreditLimitException.class})
 * public interface OrderApi { … }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface ContractErrors {
  /**
   * The exception types: unchecked ones, since a method can only throw a checked exception its
   * own {@code throws} clause names (declare those there).
   */
  Class<? extends RuntimeException>[] value();
}
