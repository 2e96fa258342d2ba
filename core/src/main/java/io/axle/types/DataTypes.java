package io.axle.types;

import io.axle.types.DataType.Kind;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.lang.reflect.WildcardType;
import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.NavigableSet;
import java.util.Optional;
import java.util.Set;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Reads Java types into {@link DataType}s, once per type, and refuses what a contract cannot
 * carry on both transports alike with {@code where: path: type (expected: …)}.
 */
public final class DataTypes {
  private static final Map<Type, DataType> CACHE = new ConcurrentHashMap<>();
  private static final Set<Kind> KEY_KINDS = EnumSet.of(Kind.STRING, Kind.TEXT, Kind.ENUM, Kind.INT, Kind.LONG,
      Kind.SHORT, Kind.BYTE, Kind.CHAR, Kind.BOOLEAN);

  /** The marks a path is built with, and the words a message reads them as. */
  private static final Map<String, String> MARKS = Map.of("[]", "element", "{key}", "key", "{value}", "value",
      "<>", "value");

  private final Map<Type, DataType> built = new HashMap<>();
  private final String where;
  /** The declared type being read, which a path inside it is relative to. */
  private final Type root;

  private DataTypes(String where, Type root) {
    this.where = where;
    this.root = root;
  }

  /**
   * The data type of a declared parameter or result type.
   *
   * @param where what declares it, for the error: {@code OrderApi.place parameter order}
   * @throws IllegalArgumentException naming {@code where}, the path inside the type and the fix
   */
  public static DataType of(Type type, String where) {
    DataType cached = CACHE.get(type);
    if (cached != null) {
      return cached;
    }
    synchronized (DataTypes.class) {
      DataTypes reader = new DataTypes(where, type);
      DataType result = reader.read(type, "");
      CACHE.putAll(reader.built);
      return result;
    }
  }

  private DataType read(Type declared, String path) {
    DataType known = CACHE.get(declared);
    if (known == null) {
      known = built.get(declared);
    }
    if (known != null) {
      return known;
    }
    if (declared instanceof TypeVariable<?> || declared instanceof WildcardType) {
      throw refuse(path, declared, "a concrete type argument, e.g. List<OrderLine> rather than List<T> or List<?>");
    }
    Class<?> raw = GenericTypes.raw(declared);
    Kind scalar = scalar(raw);
    if (scalar != null) {
      return remember(declared, new DataType(scalar, declared, raw));
    }
    TextForm text = TextForm.of(raw);
    if (text != null) {
      DataType type = new DataType(Kind.TEXT, declared, raw);
      type.text = text;
      return remember(declared, type);
    }
    if (raw.isEnum()) {
      return remember(declared, new DataType(Kind.ENUM, declared, raw));
    }
    if (raw == Optional.class) {
      DataType type = remember(declared, new DataType(Kind.OPTIONAL, declared, raw));
      type.element = element(GenericTypes.argumentsOf(declared, Optional.class)[0], path + "<>", "an Optional");
      return type;
    }
    if (raw.isArray()) {
      Type component = declared instanceof GenericArrayType g ? g.getGenericComponentType() : raw.getComponentType();
      DataType type = remember(declared, new DataType(Kind.ARRAY, declared, raw));
      type.element = element(component, path + "[]", "an array");
      return type;
    }
    if (Collection.class.isAssignableFrom(raw)) {
      return collection(declared, raw, path);
    }
    if (Map.class.isAssignableFrom(raw)) {
      return map(declared, raw, path);
    }
    if (raw.isRecord()) {
      return message(declared, raw, path, Kind.RECORD);
    }
    String problem = problem(raw);
    if (problem != null) {
      throw refuse(path, declared, problem);
    }
    return message(declared, raw, path, Kind.POJO);
  }

  /** Why a class cannot be a message, or null when it can. */
  private static String problem(Class<?> raw) {
    if (raw == Object.class || raw.isInterface() || Modifier.isAbstract(raw.getModifiers())) {
      return "a concrete class or record (a peer must know what to build: interfaces, abstract classes and "
          + "Object do not say)";
    }
    if (java.util.Date.class.isAssignableFrom(raw) || java.util.Calendar.class.isAssignableFrom(raw)) {
      return "a java.time type such as Instant, LocalDate or OffsetDateTime";
    }
    if (Throwable.class.isAssignableFrom(raw)) {
      return "a value type; exceptions travel as declared errors (throws), not as values";
    }
    if (isJdk(raw)) {
      return "one of the types docs/protocol.md lists, or a class or record of your own";
    }
    if (raw.isMemberClass() && !Modifier.isStatic(raw.getModifiers())) {
      return "a static nested or top-level class (an inner class needs its enclosing instance)";
    }
    if (raw.isAnonymousClass() || raw.isLocalClass() && !raw.isRecord()) {
      return "a named top-level or static nested class";
    }
    return null;
  }

  private DataType collection(Type declared, Class<?> raw, String path) {
    Supplier<Object> containers = raw.isInterface() ? interfaceCollection(raw) : constructed(raw);
    if (containers == null) {
      throw refuse(path, declared, "List, Set, SortedSet, Collection or a concrete collection class with a "
          + "no-argument constructor");
    }
    DataType type = remember(declared, new DataType(Kind.COLLECTION, declared, raw));
    type.containers = containers;
    type.element = element(GenericTypes.argumentsOf(declared, Collection.class)[0], path + "[]", "a collection");
    return type;
  }

  private static Supplier<Object> interfaceCollection(Class<?> raw) {
    if (raw == List.class || raw == Collection.class) {
      return ArrayList::new;
    }
    if (raw == Set.class) {
      return LinkedHashSet::new;
    }
    if (raw == SortedSet.class || raw == NavigableSet.class) {
      return TreeSet::new;
    }
    return null;
  }

  private DataType map(Type declared, Class<?> raw, String path) {
    Supplier<Object> containers;
    if (raw == Map.class) {
      containers = LinkedHashMap::new;
    } else if (raw == SortedMap.class || raw == NavigableMap.class) {
      containers = TreeMap::new;
    } else {
      containers = raw.isInterface() ? null : constructed(raw);
    }
    if (containers == null) {
      throw refuse(path, declared, "Map, SortedMap or a concrete map class with a no-argument constructor");
    }
    DataType type = remember(declared, new DataType(Kind.MAP, declared, raw));
    type.containers = containers;
    Type[] arguments = GenericTypes.argumentsOf(declared, Map.class);
    type.key = element(arguments[0], path + "{key}", "a map key");
    if (!KEY_KINDS.contains(type.key.kind())) {
      throw refuse(path + "{key}", arguments[0], "a key JSON can carry: String, a whole number, boolean, char, an "
          + "enum, UUID, a big number or a java.time type");
    }
    type.element = element(arguments[1], path + "{value}", "a map value");
    return type;
  }

  /** The type of what a container holds; an Optional or a bare primitive cannot be one. */
  private DataType element(Type type, String path, String container) {
    DataType element = read(type, path);
    if (element.kind() == Kind.OPTIONAL) {
      throw refuse(path, type, "a value type in " + container + " (leave the value null instead of an Optional)");
    }
    if (element.kind() == Kind.VOID) {
      throw refuse(path, type, "a value type in " + container);
    }
    return element;
  }

  private static Supplier<Object> constructed(Class<?> raw) {
    if (Modifier.isAbstract(raw.getModifiers())) {
      return null;
    }
    try {
      Constructor<?> constructor = raw.getDeclaredConstructor();
      constructor.setAccessible(true);
      return () -> {
        try {
          return constructor.newInstance();
        } catch (ReflectiveOperationException e) {
          throw new IllegalStateException("cannot create " + raw.getName() + ": " + e, e);
        }
      };
    } catch (NoSuchMethodException | RuntimeException e) {
      return null;
    }
  }

  private DataType message(Type declared, Class<?> raw, String path, Kind kind) {
    DataType type = remember(declared, new DataType(kind, declared, raw));
    List<Field> fields = new ArrayList<>();
    if (kind == Kind.RECORD) {
      for (RecordComponent component : raw.getRecordComponents()) {
        fields.add(field(raw, component.getName()));
      }
      type.creator = canonical(raw);
    } else {
      collectFields(declared, fields, path);
      type.creator = Instances.constructor(raw);
    }
    List<Property> properties = new ArrayList<>();
    for (Field field : fields) {
      if (kind == Kind.POJO) {
        field.setAccessible(true);
      }
      // A class's ignored fields were never collected; a record's stay, for its constructor.
      Property property = new Property(field.getName(), field, kind == Kind.POJO || !ignored(field));
      properties.add(property);
    }
    type.properties = List.copyOf(properties);
    for (Property property : properties) {
      Type fieldType = resolvedType(declared, property.field());
      property.type(read(fieldType, path + (path.isEmpty() ? "" : ".") + raw.getSimpleName() + "." + property.name()));
    }
    return type;
  }

  /** A field's type with the variables of its declaring class bound as {@code declared} binds them. */
  static Type resolvedType(Type declared, Field field) {
    Class<?> owner = field.getDeclaringClass();
    Type view = declared;
    Class<?> raw = GenericTypes.raw(declared);
    if (raw != owner) {
      Type[] arguments = GenericTypes.argumentsOf(declared, owner);
      view = arguments == null || arguments.length == 0 ? owner
          : new GenericTypes.Parameterized(owner, owner.getEnclosingClass(), arguments);
    }
    return GenericTypes.resolve(field.getGenericType(), GenericTypes.bindings(view));
  }

  private static boolean isJdk(Class<?> type) {
    String name = type.getName();
    return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jdk.");
  }

  private void collectFields(Type declared, List<Field> fields, String path) {
    Class<?> raw = GenericTypes.raw(declared);
    Class<?> superclass = raw.getSuperclass();
    if (superclass != null && superclass != Object.class) {
      // An abstract base class of your own is fine (its fields travel first); a JDK one has fields
      // that are not yours to send.
      if (isJdk(superclass)) {
        throw refuse(path, declared, "a class whose superclasses are classes of your own (it extends "
            + superclass.getName() + ")");
      }
      collectFields(superclass, fields, path);
    }
    for (Field field : raw.getDeclaredFields()) {
      int modifiers = field.getModifiers();
      if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers) && !field.isSynthetic()
          && !ignored(field)) {
        fields.add(field);
      }
    }
  }

  /**
   * True for a field marked {@code @JsonIgnore}: REST's JSON leaves it out, so highway does too.
   * Read by name, so that core needs no Jackson.
   */
  private static boolean ignored(Field field) {
    for (java.lang.annotation.Annotation annotation : field.getAnnotations()) {
      if (annotation.annotationType().getName().equals("com.fasterxml.jackson.annotation.JsonIgnore")) {
        try {
          return !Boolean.FALSE.equals(annotation.annotationType().getMethod("value").invoke(annotation));
        } catch (ReflectiveOperationException e) {
          return true;
        }
      }
    }
    return false;
  }

  private static Field field(Class<?> record, String name) {
    try {
      Field field = record.getDeclaredField(name);
      field.setAccessible(true);
      return field;
    } catch (NoSuchFieldException e) {
      throw new IllegalStateException(e);
    }
  }

  private static Constructor<?> canonical(Class<?> record) {
    RecordComponent[] components = record.getRecordComponents();
    Class<?>[] types = new Class<?>[components.length];
    for (int i = 0; i < components.length; i++) {
      types[i] = components[i].getType();
    }
    try {
      Constructor<?> constructor = record.getDeclaredConstructor(types);
      constructor.setAccessible(true);
      return constructor;
    } catch (NoSuchMethodException e) {
      throw new IllegalStateException("record " + record.getName() + " has no canonical constructor", e);
    }
  }

  private DataType remember(Type declared, DataType type) {
    built.put(declared, type);
    return type;
  }

  private static Kind scalar(Class<?> raw) {
    if (raw == String.class) {
      return Kind.STRING;
    }
    if (raw == int.class || raw == Integer.class) {
      return Kind.INT;
    }
    if (raw == long.class || raw == Long.class) {
      return Kind.LONG;
    }
    if (raw == boolean.class || raw == Boolean.class) {
      return Kind.BOOLEAN;
    }
    if (raw == double.class || raw == Double.class) {
      return Kind.DOUBLE;
    }
    if (raw == float.class || raw == Float.class) {
      return Kind.FLOAT;
    }
    if (raw == short.class || raw == Short.class) {
      return Kind.SHORT;
    }
    if (raw == byte.class || raw == Byte.class) {
      return Kind.BYTE;
    }
    if (raw == char.class || raw == Character.class) {
      return Kind.CHAR;
    }
    if (raw == byte[].class) {
      return Kind.BYTES;
    }
    if (raw == void.class || raw == Void.class) {
      return Kind.VOID;
    }
    return null;
  }

  private IllegalArgumentException refuse(String path, Type type, String expected) {
    return new IllegalArgumentException(where + (path.isEmpty() ? "" : ": " + readable(path, root)) + ": "
        + type.getTypeName() + " (expected: " + expected + ")");
  }

  /**
   * A path inside a declared type in words: {@code List<?> element}, {@code Map<Key, String> key},
   * {@code Filter.when}, {@code List<Filter> element, Filter.when}. The marks the reader builds paths
   * with ({@code []}, {@code {key}}, {@code {value}}, {@code <>}) name the container they stand in by
   * the declared type when they come first, since a bare mark says nothing to a reader.
   */
  static String readable(String path, Type root) {
    StringBuilder text = new StringBuilder();
    int i = 0;
    while (i < path.length()) {
      int at = i;
      String mark = MARKS.keySet().stream().filter(m -> path.startsWith(m, at)).findFirst().orElse(null);
      if (mark != null) {
        text.append(text.isEmpty() ? shortName(root) + " " : " ").append(MARKS.get(mark));
        i += mark.length();
        continue;
      }
      int end = i;
      while (end < path.length() && !startsWithMark(path, end)) {
        end++;
      }
      String field = path.substring(path.charAt(i) == '.' ? i + 1 : i, end);
      text.append(text.isEmpty() ? "" : ", ").append(field);
      i = end;
    }
    return text.toString();
  }

  private static boolean startsWithMark(String path, int at) {
    return MARKS.keySet().stream().anyMatch(m -> path.startsWith(m, at));
  }

  /** A type's name without packages or enclosing classes: {@code List<Filter>} for a nested record. */
  private static String shortName(Type type) {
    return type.getTypeName().replaceAll("[\\w.]*[.$]", "");
  }
}
