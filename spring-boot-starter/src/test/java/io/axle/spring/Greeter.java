package io.axle.spring;

import java.util.concurrent.CompletableFuture;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** A REST-first schema: its paths come from these annotations, on both provider and consumer. */
@RequestMapping("/greeter")
public interface Greeter {

  @GetMapping("/hello/{name}")
  String hello(@PathVariable("name") String name, @RequestParam(value = "punctuation", defaultValue = "!") String punctuation);

  @PostMapping("/hello")
  CompletableFuture<String> helloAsync(@RequestBody String name);
}
