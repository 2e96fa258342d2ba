package io.axle.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Injects a proxy that calls schema {@link #schemaId()} of service {@link #microserviceName()}; the
 * field's (or the setter's parameter's) type is the schema interface. Synchronous methods block until the
 * answer or the timeout; methods returning {@code CompletableFuture} return at once.
 *
 * <pre>{@code
 * @RpcReference(microserviceName = "greeter-service", schemaId = "Greeter")
 * private Greeter greeter;
 * }</pre>
 *
 * <p>The proxy is injected while the bean is created but calls through only once the Axle runtime has
 * started, after the context is refreshed: use it from an {@code ApplicationRunner}, an
 * {@code ApplicationReadyEvent} listener or a request handler, not from a constructor or
 * {@code @PostConstruct} (there it throws an {@link IllegalStateException} saying so). Whether the service
 * (and, if {@code axle.registry.schemas.<service>} is set, the schema) is known is checked at start-up.
 * Transport, timeout and endpoints come from {@code axle.references.transport.*},
 * {@code axle.request.timeout.*} and {@code axle.registry.*}.
 */
@Target({ElementType.FIELD, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Documented
public @interface RpcReference {

  /** The name of the service to call, as in {@code axle.registry.local.<microserviceName>}. */
  String microserviceName();

  /** The schema id; empty (the default) means the simple name of the interface. */
  String schemaId() default "";
}
