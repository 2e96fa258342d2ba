package io.axle.rest.server;

import io.axle.testing.Pojo;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

public class UserApiImpl implements UserApi {
  final AtomicInteger resets = new AtomicInteger();

  @Override
  public Pojo get(long id) {
    Pojo user = new Pojo("user" + id, id);
    user.tags.add("t" + id);
    user.counts = Map.of("logins", (int) id);
    return user;
  }

  @Override
  public String me(String user, String tenant) {
    return user + "@" + tenant;
  }

  @Override
  public String search(String query, int limit, Optional<String> sort, List<String> tags, Role role) {
    return query + "|" + limit + "|" + sort.orElse("<none>") + "|" + tags + "|" + role;
  }

  @Override
  public Pojo create(Pojo user) {
    Pojo created = new Pojo(user.name, 42);
    created.tags = user.tags;
    created.counts = user.counts;
    created.child = user.child;
    return created;
  }

  @Override
  public Pojo rename(long id, String name) {
    return new Pojo(name, id);
  }

  @Override
  public boolean delete(long id) {
    return id == 7;
  }

  @Override
  public int upload(long id, byte[] image) {
    return image.length * 1000 + image[0];
  }

  @Override
  public CompletableFuture<Pojo> getAsync(long id) {
    return CompletableFuture.supplyAsync(() -> get(id));
  }

  @Override
  public Map<String, Integer> stats() {
    return Map.of("a", 1, "b", 2);
  }

  @Override
  public int count() {
    return 3;
  }

  @Override
  public void reset() {
    resets.incrementAndGet();
  }
}
