package io.axle.benchmarks;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A business-like value of about 1 KB on the wire: a few scalar fields and a list of strings, encoded by
 * highway's field codecs as any user class is (docs/protocol.md, "Body section").
 */
public class Payload {
  public String name;
  public long id;
  public int version;
  public double score;
  public boolean active;
  public List<String> tags = new ArrayList<>();

  public Payload() {
  }

  /** The benchmarks' instance: 24 tags of 39 characters, about 1 KB in a highway body. */
  public static Payload sample() {
    Payload p = new Payload();
    p.name = "order-2026-11-21-0001";
    p.id = 1_234_567_890_123L;
    p.version = 7;
    p.score = 0.875;
    p.active = true;
    for (int i = 0; i < 24; i++) {
      p.tags.add(String.format("tag-%02d-abcdefghijklmnopqrstuvwxyz012345", i));
    }
    return p;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof Payload p && id == p.id && version == p.version && score == p.score && active == p.active
        && Objects.equals(name, p.name) && Objects.equals(tags, p.tags);
  }

  @Override
  public int hashCode() {
    return Objects.hash(name, id);
  }
}
