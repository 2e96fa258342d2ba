package io.axle.spring.internal;

import io.axle.Axle;
import io.axle.spring.RpcReference;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.springframework.beans.BeansException;
import org.springframework.beans.PropertyValues;
import org.springframework.beans.factory.BeanCreationException;
import org.springframework.beans.factory.config.InstantiationAwareBeanPostProcessor;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;
import org.springframework.util.ReflectionUtils;

/**
 * Injects {@link RpcReference} fields and setters while beans are created, as {@code @Autowired} does, so
 * that they are set before {@code @PostConstruct}. Every injection point of one (interface, service,
 * schemaId) shares one {@link LazyReference}, bound when the runtime starts. Both attributes may hold
 * {@code ${…}} placeholders, resolved against the Environment as {@code @Value} does, so that the service to
 * call can be configuration ({@code microserviceName = "${proxy.target:perf1}"}).
 */
final class RpcReferenceInjector implements InstantiationAwareBeanPostProcessor, EnvironmentAware {

  private record Key(Class<?> schemaInterface, String serviceName, String schemaId) {
  }

  private final Map<Key, LazyReference> references = new ConcurrentHashMap<>();
  private Environment environment;

  @Override
  public void setEnvironment(Environment environment) {
    this.environment = environment;
  }

  @Override
  public PropertyValues postProcessProperties(PropertyValues values, Object bean, String beanName)
      throws BeansException {
    Class<?> type = ClassUtils.getUserClass(bean.getClass());
    ReflectionUtils.doWithFields(type, field -> inject(bean, beanName, field),
        field -> field.isAnnotationPresent(RpcReference.class));
    ReflectionUtils.doWithMethods(type, method -> inject(bean, beanName, method),
        method -> method.isAnnotationPresent(RpcReference.class) && !method.isBridge());
    return values;
  }

  /** Binds every reference injected so far; the first one that cannot be bound fails the start. */
  void bind(Axle axle) {
    for (LazyReference reference : List.copyOf(references.values())) {
      reference.bind(axle);
    }
  }

  void unbind(String reason) {
    references.values().forEach(reference -> reference.unbind(reason));
  }

  private void inject(Object bean, String beanName, Field field) {
    String point = field.getDeclaringClass().getSimpleName() + "." + field.getName();
    if (Modifier.isStatic(field.getModifiers())) {
      throw new BeanCreationException(beanName, "@RpcReference on " + point
          + ": a static field (expected: an instance field or setter)");
    }
    Object proxy = reference(beanName, point, field.getType(), field.getAnnotation(RpcReference.class));
    ReflectionUtils.makeAccessible(field);
    ReflectionUtils.setField(field, bean, proxy);
  }

  private void inject(Object bean, String beanName, Method method) {
    String point = method.getDeclaringClass().getSimpleName() + "." + method.getName();
    if (Modifier.isStatic(method.getModifiers()) || method.getParameterCount() != 1) {
      throw new BeanCreationException(beanName, "@RpcReference on " + point + ": a method with "
          + method.getParameterCount() + " parameters" + (Modifier.isStatic(method.getModifiers()) ? ", static" : "")
          + " (expected: an instance setter with one parameter of the schema interface type)");
    }
    Object proxy = reference(beanName, point, method.getParameterTypes()[0], method.getAnnotation(RpcReference.class));
    ReflectionUtils.makeAccessible(method);
    ReflectionUtils.invokeMethod(method, bean, proxy);
  }

  private Object reference(String beanName, String point, Class<?> type, RpcReference annotation) {
    if (!type.isInterface()) {
      throw new BeanCreationException(beanName, "@RpcReference on " + point + ": type " + type.getName()
          + " (expected: the schema interface to call)");
    }
    String serviceName = resolve(beanName, point, "microserviceName", annotation.microserviceName());
    if (serviceName.isBlank()) {
      throw new BeanCreationException(beanName, "@RpcReference on " + point + ": microserviceName: "
          + (annotation.microserviceName().isBlank() ? "empty" : annotation.microserviceName() + " resolves to empty")
          + " (expected: the name of the service to call)");
    }
    String declaredSchemaId = resolve(beanName, point, "schemaId", annotation.schemaId());
    String schemaId = declaredSchemaId.isEmpty() ? type.getSimpleName() : declaredSchemaId;
    LazyReference reference = references.computeIfAbsent(new Key(type, serviceName, schemaId),
        key -> new LazyReference(key.schemaInterface(), key.serviceName(), key.schemaId()));
    reference.injectedInto(point);
    return reference.proxy();
  }

  /** {@code value} with its {@code ${…}} placeholders resolved; one that cannot be resolved fails the bean. */
  private String resolve(String beanName, String point, String attribute, String value) {
    if (environment == null || !value.contains("${")) {
      return value;
    }
    try {
      return environment.resolveRequiredPlaceholders(value);
    } catch (IllegalArgumentException e) {
      throw new BeanCreationException(beanName, "@RpcReference on " + point + ": " + attribute + ": " + value
          + " (expected: placeholders the configuration resolves, or a default as in ${key:default}): "
          + e.getMessage(), e);
    }
  }
}
