package io.axle.types;

import java.lang.reflect.Array;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Generic type arithmetic the JDK leaves out: substituting type variables, and finding what a
 * supertype's parameters are bound to ({@code E} of {@code Collection<E>} seen from
 * {@code ArrayList<OrderLine>}). Types it builds compare equal to the JDK's own. A transport uses
 * {@link #parameterized} to read a type of its own wire (highway's error details, a
 * {@code Map<String, String>}) through {@link DataTypes#of}; the rest serves {@code DataTypes}.
 */
public final class GenericTypes {
  private GenericTypes() {
  }

  /** The class of a type: the raw class of a parameterized type, an array class for a generic array. */
  static Class<?> raw(Type type) {
    if (type instanceof Class<?> cls) {
      return cls;
    }
    if (type instanceof ParameterizedType p) {
      return (Class<?>) p.getRawType();
    }
    if (type instanceof GenericArrayType g) {
      return Array.newInstance(raw(g.getGenericComponentType()), 0).getClass();
    }
    return Object.class;
  }

  /** What the type parameters of a parameterized type's class are bound to; empty for a plain class. */
  static Map<TypeVariable<?>, Type> bindings(Type type) {
    if (!(type instanceof ParameterizedType p)) {
      return Map.of();
    }
    Map<TypeVariable<?>, Type> bindings = new HashMap<>(bindings(p.getOwnerType()));
    TypeVariable<?>[] variables = raw(p).getTypeParameters();
    Type[] arguments = p.getActualTypeArguments();
    for (int i = 0; i < variables.length && i < arguments.length; i++) {
      bindings.put(variables[i], arguments[i]);
    }
    return bindings;
  }

  /** {@code type} with every bound variable replaced; unbound variables stay as they are. */
  static Type resolve(Type type, Map<TypeVariable<?>, Type> bindings) {
    if (bindings.isEmpty()) {
      return type;
    }
    if (type instanceof TypeVariable<?> variable) {
      Type bound = bindings.get(variable);
      return bound == null ? variable : bound;
    }
    if (type instanceof ParameterizedType p) {
      Type[] arguments = p.getActualTypeArguments().clone();
      boolean changed = false;
      for (int i = 0; i < arguments.length; i++) {
        Type resolved = resolve(arguments[i], bindings);
        changed |= resolved != arguments[i];
        arguments[i] = resolved;
      }
      Type owner = p.getOwnerType() == null ? null : resolve(p.getOwnerType(), bindings);
      return changed || owner != p.getOwnerType() ? new Parameterized(raw(p), owner, arguments) : p;
    }
    if (type instanceof GenericArrayType g) {
      Type component = resolve(g.getGenericComponentType(), bindings);
      return component instanceof Class<?> cls ? Array.newInstance(cls, 0).getClass() : new GenericArray(component);
    }
    // A wildcard stays one (and is refused wherever it stands): what a peer should build is not said.
    return type;
  }

  /**
   * The type arguments of {@code target} as {@code type} binds them, or {@code null} when
   * {@code type} is not a {@code target}. A raw use leaves them as {@code target}'s own variables.
   */
  static Type[] argumentsOf(Type type, Class<?> target) {
    Class<?> raw = raw(type);
    if (!target.isAssignableFrom(raw)) {
      return null;
    }
    Map<TypeVariable<?>, Type> bindings = bindings(type);
    if (raw == target) {
      TypeVariable<?>[] variables = target.getTypeParameters();
      Type[] arguments = new Type[variables.length];
      for (int i = 0; i < arguments.length; i++) {
        arguments[i] = resolve(variables[i], bindings);
      }
      return arguments;
    }
    Type superclass = raw.getGenericSuperclass();
    if (superclass != null && target.isAssignableFrom(raw(superclass))) {
      return argumentsOf(resolve(superclass, bindings), target);
    }
    for (Type each : raw.getGenericInterfaces()) {
      if (target.isAssignableFrom(raw(each))) {
        return argumentsOf(resolve(each, bindings), target);
      }
    }
    return null;
  }

  /** {@code raw<arguments…>}, equal to the JDK's own parameterized type of the same. */
  public static ParameterizedType parameterized(Class<?> raw, Type... arguments) {
    return new Parameterized(raw, raw.getEnclosingClass(), arguments.clone());
  }

  /** A parameterized type equal to the JDK's for the same raw class and arguments. */
  record Parameterized(Class<?> raw, Type owner, Type[] arguments) implements ParameterizedType {
    @Override
    public Type[] getActualTypeArguments() {
      return arguments.clone();
    }

    @Override
    public Type getRawType() {
      return raw;
    }

    @Override
    public Type getOwnerType() {
      return owner;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof ParameterizedType p && raw.equals(p.getRawType()) && Objects.equals(owner, p.getOwnerType())
          && Arrays.equals(arguments, p.getActualTypeArguments());
    }

    @Override
    public int hashCode() {
      // The JDK's formula, so that either kind finds the other in a hash map.
      return Arrays.hashCode(arguments) ^ Objects.hashCode(owner) ^ Objects.hashCode(raw);
    }

    @Override
    public String toString() {
      return getTypeName();
    }

    @Override
    public String getTypeName() {
      StringBuilder name = new StringBuilder(raw.getTypeName()).append('<');
      for (int i = 0; i < arguments.length; i++) {
        name.append(i == 0 ? "" : ", ").append(arguments[i].getTypeName());
      }
      return name.append('>').toString();
    }
  }

  /** A generic array type equal to the JDK's for the same component. */
  record GenericArray(Type component) implements GenericArrayType {
    @Override
    public Type getGenericComponentType() {
      return component;
    }

    @Override
    public boolean equals(Object o) {
      return o instanceof GenericArrayType g && component.equals(g.getGenericComponentType());
    }

    @Override
    public int hashCode() {
      return Objects.hashCode(component);
    }

    @Override
    public String getTypeName() {
      return component.getTypeName() + "[]";
    }
  }
}
