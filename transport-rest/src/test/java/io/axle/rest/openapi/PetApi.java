package io.axle.rest.openapi;

import java.util.ArrayList;
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

/** A Spring MVC-annotated schema using every kind of binding and the types the document must describe. */
@RequestMapping("/pets")
public interface PetApi {

  @GetMapping("/{id}")
  Pet get(@PathVariable("id") long id, @RequestHeader(name = "x-tenant", required = false) String tenant);

  @GetMapping
  List<Pet> search(@RequestParam(name = "kind", required = false) Kind kind,
      @RequestParam("tag") List<String> tags,
      @RequestParam(name = "limit", defaultValue = "10") int limit,
      @RequestParam("name") Optional<String> name);

  @PostMapping
  CompletableFuture<Pet> create(@RequestBody Pet pet, @RequestHeader("x-request-id") String requestId);

  @PutMapping("/{id}/photo")
  void setPhoto(@PathVariable long id, @RequestBody byte[] photo);

  @GetMapping("/{id}/photo")
  byte[] photo(@PathVariable long id);

  @DeleteMapping("/{id}")
  CompletableFuture<Void> delete(@PathVariable long id);

  /** Unannotated: a simple value is an optional query parameter. */
  @GetMapping("/count")
  int count(Kind kind);

  enum Kind { CAT, DOG, FISH }

  /** A POJO with public fields, a getter-only property, nested POJOs, collections, a map and bytes. */
  class Pet {
    public String name;
    public long id;
    public Kind kind;
    public List<String> tags = new ArrayList<>();
    public Map<String, String> attributes;
    public Pet parent;
    public Owner owner;
    public byte[] photo;
    private String nickname;

    public Optional<String> getNickname() {
      return Optional.ofNullable(nickname);
    }

    public void setNickname(String nickname) {
      this.nickname = nickname;
    }
  }

  /** A record: its components are its properties. */
  record Owner(String name, double rating, boolean verified) {
  }
}
