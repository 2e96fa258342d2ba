package io.axle.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.core.annotation.AliasFor;
import org.springframework.stereotype.Component;

/**
 * Serves this bean's operations as schema {@link #schemaId()} on every transport, like {@link RpcSchema},
 * for beans designed REST-first: the HTTP paths come from the Spring MVC annotations ({@code @GetMapping},
 * {@code @PathVariable}, {@code @RequestBody}, …) on the <em>schema interface</em> the bean implements. Put
 * them there, not on the bean class: the provider would honour the class's where the interface has none,
 * but Axle consumers build their proxies from the interface alone and would call other paths. Highway
 * serves the same operations.
 *
 * <pre>{@code
 * public interface Greeter {
 *   @GetMapping("/greet/{name}") String greet(@PathVariable("name") String name);
 * }
 * @RestSchema(schemaId = "Greeter")
 * public class GreeterImpl implements Greeter { … }
 * }</pre>
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Component
public @interface RestSchema {

  /** The schema id: an identifier, used in configuration keys ({@code axle.executors.Provider.<schemaId>}). */
  String schemaId();

  /**
   * The interface whose methods, and their mapping annotations, are the operations. The default,
   * {@code void.class}, means the bean's only interface; a bean implementing several must name one.
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
