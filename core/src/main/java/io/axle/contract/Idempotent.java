package io.axle.contract;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * On a schema interface's method: calling it twice has the effect of calling it once, so a consumer
 * may send it again after a failure that it may have run through (a timeout aside, a provider
 * fault, an overload), per {@code axle.governance.retry.*}. Without it only calls that provably did
 * not run are sent again. {@code axle.governance.retry.idempotent} can say the same in configuration.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Idempotent {
}
