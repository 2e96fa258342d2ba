package io.axle.rest.internal;

import java.lang.reflect.Type;

/**
 * How one parameter of an operation is carried.
 *
 * @param index the parameter's position in the method
 * @param name the name on the wire (path variable, query parameter, header or body field)
 * @param source where it travels
 * @param required whether a request without it is a bad request
 * @param defaultValue the text used when it is absent, or null
 * @param type the declared type; for {@code Optional<T>}, T
 * @param optional whether the parameter is declared as {@code Optional<T>}
 */
public record ParamBinding(int index, String name, ParamSource source, boolean required, String defaultValue,
    Type type, boolean optional) {
}
