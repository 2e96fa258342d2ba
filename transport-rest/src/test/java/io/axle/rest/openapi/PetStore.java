package io.axle.rest.openapi;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/** Answers with what it was given, so a test can see how the server read each argument. */
public class PetStore implements PetApi {
  final Map<Long, byte[]> photos = new ConcurrentHashMap<>();

  @Override
  public Pet get(long id, String tenant) {
    Pet pet = new Pet();
    pet.id = id;
    pet.name = "tenant " + tenant;
    return pet;
  }

  @Override
  public List<Pet> search(Kind kind, List<String> tags, int limit, Optional<String> name) {
    Pet pet = new Pet();
    pet.name = kind + "|" + tags + "|" + limit + "|" + name.orElse("-");
    return List.of(pet);
  }

  @Override
  public CompletableFuture<Pet> create(Pet pet, String requestId) {
    pet.name = pet.name + " (request " + requestId + ")";
    return CompletableFuture.completedFuture(pet);
  }

  @Override
  public void setPhoto(long id, byte[] photo) {
    photos.put(id, photo);
  }

  @Override
  public byte[] photo(long id) {
    return photos.getOrDefault(id, new byte[0]);
  }

  @Override
  public CompletableFuture<Void> delete(long id) {
    photos.remove(id);
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public int count(Kind kind) {
    return kind == null ? -1 : kind.ordinal();
  }
}
