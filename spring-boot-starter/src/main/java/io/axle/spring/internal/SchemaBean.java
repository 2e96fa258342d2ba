package io.axle.spring.internal;

import io.axle.Axle;
import io.axle.spring.RestSchema;
import io.axle.spring.RpcSchema;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * A bean annotated {@link RpcSchema} or {@link RestSchema}, resolved to the schema it serves. Collected when
 * the runtime starts, so that every problem is reported with the bean's name and class.
 */
record SchemaBean(String beanName, Class<?> beanClass, String annotation, String schemaId, Class<?> schemaInterface,
    Object bean, List<String> transports) {

  /** Every schema bean of the factory; fails on the first one that cannot be served. */
  static List<SchemaBean> collect(ConfigurableListableBeanFactory beanFactory) {
    List<SchemaBean> found = new ArrayList<>();
    Map<String, SchemaBean> bySchemaId = new HashMap<>();
    Set<String> beanNames = new LinkedHashSet<>(List.of(beanFactory.getBeanNamesForAnnotation(RpcSchema.class)));
    beanNames.addAll(List.of(beanFactory.getBeanNamesForAnnotation(RestSchema.class)));
    for (String beanName : beanNames) {
      RpcSchema rpc = beanFactory.findAnnotationOnBean(beanName, RpcSchema.class, false);
      RestSchema rest = beanFactory.findAnnotationOnBean(beanName, RestSchema.class, false);
      Class<?> beanClass = ClassUtils.getUserClass(beanFactory.getType(beanName, false));
      if (rpc != null && rest != null) {
        throw new IllegalStateException("bean '" + beanName + "' (" + beanClass.getName()
            + "): both @RpcSchema and @RestSchema (expected: one of them; either serves every transport unless its transports say otherwise)");
      }
      String annotation = rpc != null ? "@RpcSchema" : "@RestSchema";
      String schemaId = rpc != null ? rpc.schemaId() : rest.schemaId();
      Class<?> declared = rpc != null ? rpc.schemaInterface() : rest.schemaInterface();
      String[] transports = rpc != null ? rpc.transports() : rest.transports();
      SchemaBean schema = new SchemaBean(beanName, beanClass, annotation, schemaId,
          schemaInterface(beanName, beanClass, annotation, schemaId, declared), beanFactory.getBean(beanName),
          List.of(transports));
      SchemaBean previous = bySchemaId.putIfAbsent(schemaId, schema);
      if (previous != null) {
        throw new IllegalStateException("schemaId " + schemaId + ": served by two beans, " + previous.describe()
            + " and " + schema.describe() + " (expected: one schema bean per schemaId; change the schemaId of one)");
      }
      found.add(schema);
    }
    return found;
  }

  /** Serves the bean on {@code builder}. */
  void register(Axle.Builder builder) {
    register(builder, schemaInterface);
  }

  private <T> void register(Axle.Builder builder, Class<T> type) {
    builder.provider(schemaId, type, type.cast(bean), transports);
  }

  String describe() {
    return "'" + beanName + "' (" + beanClass.getName() + ")";
  }

  private static Class<?> schemaInterface(String beanName, Class<?> beanClass, String annotation, String schemaId,
      Class<?> declared) {
    String where = annotation + "(schemaId = " + schemaId + ") on bean '" + beanName + "' (" + beanClass.getName()
        + ")";
    if (declared != void.class) {
      if (!declared.isInterface() || !declared.isAssignableFrom(beanClass)) {
        throw new IllegalStateException(where + ": schemaInterface: " + declared.getName()
            + " (expected: an interface the bean implements)");
      }
      return declared;
    }
    // Framework interfaces (InitializingBean, Aware, Serializable, …) are not what a schema is made of.
    Set<Class<?>> own = ClassUtils.getAllInterfacesForClassAsSet(beanClass).stream()
        .filter(type -> !isFrameworkInterface(type))
        .collect(Collectors.toCollection(LinkedHashSet::new));
    if (own.size() != 1) {
      throw new IllegalStateException(where + ": schemaInterface: not set, and the bean implements "
          + (own.isEmpty() ? "no interface" : own.stream().map(Class::getName).toList())
          + " (expected: a bean implementing exactly one interface, or schemaInterface = the one to serve)");
    }
    return own.iterator().next();
  }

  private static boolean isFrameworkInterface(Class<?> type) {
    String name = type.getName();
    return name.startsWith("java.") || name.startsWith("javax.") || name.startsWith("jakarta.")
        || name.startsWith("org.springframework.") || name.startsWith("groovy.") || name.startsWith("kotlin.");
  }
}
