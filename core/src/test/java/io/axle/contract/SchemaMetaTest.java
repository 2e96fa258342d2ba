package io.axle.contract;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.axle.testing.EchoService;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

class SchemaMetaTest {
  interface Overloaded {
    String echo(String a);

    String echo(String a, int b);
  }

  interface Empty {
  }

  interface WithStatic {
    String op();

    static String helper() {
      return "";
    }
  }

  @Test
  void operations_areReadFromTheInterface_withAsyncResultsUnwrapped() {
    SchemaMeta schema = SchemaMeta.of("EchoService", EchoService.class);
    assertThat(schema.operations()).containsKeys("echo", "echoAsync", "delayedEcho", "add", "roundTrip");
    OperationMeta echoAsync = schema.operation("echoAsync");
    assertThat(echoAsync.isAsync()).isTrue();
    assertThat(echoAsync.resultType()).isEqualTo(String.class);
    assertThat(echoAsync.qualifiedName()).isEqualTo("EchoService.echoAsync");
    OperationMeta add = schema.operation("add");
    assertThat(add.isAsync()).isFalse();
    assertThat(add.parameterCount()).isEqualTo(2);
    assertThat(add.parameterName(0)).isEqualTo("a");
    assertThat(schema.operation(add.method())).isSameAs(add);
  }

  @Test
  void staticMethods_areNotOperations() {
    assertThat(SchemaMeta.of("WithStatic", WithStatic.class).operations()).containsOnlyKeys("op");
  }

  @Test
  void overloadedNames_areRefusedWithTheFix() {
    assertThatThrownBy(() -> SchemaMeta.of("Overloaded", Overloaded.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("schema Overloaded: operation name echo is overloaded in " + Overloaded.class.getName()
            + " 2 times (expected: one method per name; rename the overloads)");
  }

  @Test
  void badSchemaIdsAndTypes_areRefused() {
    assertThatThrownBy(() -> SchemaMeta.of("has space", EchoService.class))
        .hasMessage("schemaId: has space (expected: an identifier of letters, digits, '_' or '-', starting with a letter)");
    assertThatThrownBy(() -> SchemaMeta.of("Impl", CompletableFuture.class))
        .hasMessage("schema Impl: java.util.concurrent.CompletableFuture (expected: a Java interface)");
    assertThatThrownBy(() -> SchemaMeta.of("Empty", Empty.class))
        .hasMessageContaining("declares no methods");
  }
}
