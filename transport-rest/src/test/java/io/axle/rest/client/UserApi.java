package io.axle.rest.client;

import io.axle.testing.EchoService.Color;
import io.axle.testing.Pojo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** A schema mapped with Spring MVC annotations: every place an argument can travel. */
@RequestMapping("/users")
public interface UserApi {
  @GetMapping("/{id}/files/{name}")
  String file(@PathVariable("id") long id, @PathVariable("name") String name, @RequestParam("tag") List<String> tags,
      @RequestParam(value = "limit", required = false) Integer limit, @RequestHeader("x-trace") String trace);

  @PutMapping("/{id}")
  Pojo update(@PathVariable("id") String id, @RequestBody Pojo pojo);

  @GetMapping("/colors")
  CompletableFuture<List<Color>> colors(@RequestParam("c") Color color,
      @RequestParam(value = "o", required = false) Optional<String> option);

  @DeleteMapping("/{id}")
  void delete(@PathVariable("id") String id);

  @GetMapping("/groups")
  Map<String, List<Pojo>> groups();
}
