package io.axle.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.core.annotation.AliasFor;
import org.springframework.stereotype.Component;

/**
 * Serves this bean's operations as schema {@link #schemaId()} on every transport (highway and REST),
 * or on those {@link #transports()} names.
 * Over REST each operation is {@code POST /<schemaId>/<operation>} unless the schema interface carries
 * Spring MVC mapping annotations; {@link RestSchema} says the same for beans written REST-first.
 *
 * <pre>{@code
 * @RpcSchema(schemaId = "Greeter")
 * public class GreeterImpl implements Greeter { … }
 * }</pre>
 *
 * <p>Registered when the application context has been refreshed; two schema beans with one schema id
 * fail the start naming both.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Component
public @interface RpcSchema {

  /** The schema id: an identifier, used in configuration keys ({@code axle.executors.Provider.<schemaId>}). */
  String schemaId();

  /**
   * The interface whose methods are the operations. The default, {@code void.class}, means the bean's only
   * interface; a bean implementing several must name one.
   */
  Class<?> schemaInterface() default void.class;

  /**
   * The transports that serve the schema, e.g. {@code {"rest"}} for an interface written REST-first
   * whose types or paths only make sense over HTTP. Empty, the default, means every transport on the
   * class path; {@code axle.schemas.<schemaId>.transports} overrides it.
   */
  String[] transports() default {};

  /** The bean name, as for {@link Component#value()}. */
  @AliasFor(annotation = Component.class)
  String value() default "";
}
