package io.axle.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/** A value with nested, list and map fields. */
public class Pojo {
  public String name;
  public long id;
  public List<String> tags = new ArrayList<>();
  public Map<String, Integer> counts;
  public Pojo child;

  public Pojo() {
  }

  public Pojo(String name, long id) {
    this.name = name;
    this.id = id;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Pojo p && id == p.id && Objects.equals(name, p.name) && Objects.equals(tags, p.tags)
        && Objects.equals(counts, p.counts) && Objects.equals(child, p.child);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, id);
  }

  @Override
  public String toString() {
    return "Pojo[" + name + ", " + id + ", " + tags + ", " + counts + ", " + child + "]";
  }
}
