package io.axle.rest.server;

import io.axle.testing.Pojo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import org.springframework.web.bind.annotation.DeleteMapping;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.PutMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RequestParam;

/** A Spring MVC-annotated schema with one operation per kind of mapping the server must bind. */
@RequestMapping("/users")
public interface UserApi {
  enum Role { ADMIN, MEMBER, GUEST }

  @GetMapping("/{id}")
  Pojo get(@PathVariable("id") long id);

  /** Literal, so it must win over {@code /{id}} although declared after it. */
  @GetMapping("/me")
  String me(@RequestHeader("X-User") String user, @RequestHeader(value = "X-Tenant", required = false) String tenant);

  @GetMapping("/search")
  String search(@RequestParam("q") String query,
      @RequestParam(name = "limit", defaultValue = "10") int limit,
      @RequestParam("sort") Optional<String> sort,
      @RequestParam(value = "tag", required = false) List<String> tags,
      @RequestParam(value = "role", required = false) Role role);

  @PostMapping
  Pojo create(@RequestBody Pojo user);

  @PutMapping("/{user-id}")
  Pojo rename(@PathVariable("user-id") long id, @RequestParam("name") String name);

  @DeleteMapping("/{id}")
  boolean delete(@PathVariable long id);

  @PostMapping("/{id}/avatar")
  int upload(@PathVariable("id") long id, @RequestBody byte[] image);

  @GetMapping("/{id}/async")
  CompletableFuture<Pojo> getAsync(@PathVariable("id") long id);

  @GetMapping("/stats")
  Map<String, Integer> stats();

  @GetMapping("/count")
  int count();

  @PostMapping("/reset")
  void reset();
}
