package io.axle.spring;

import java.util.concurrent.CompletableFuture;

/** Serves {@link Greeter}; schemaInterface is left out since Greeter is the only interface. */
@RestSchema(schemaId = "Greeter")
public class GreeterProvider implements Greeter {

  @Override
  public String hello(String name, String punctuation) {
    return "Hello " + name + punctuation;
  }

  @Override
  public CompletableFuture<String> helloAsync(String name) {
    return CompletableFuture.completedFuture("Hello " + name + " (async)");
  }
}
