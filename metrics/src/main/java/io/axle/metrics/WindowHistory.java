package io.axle.metrics;

import io.axle.metrics.internal.WindowJson;
import io.vertx.core.json.JsonArray;
import java.util.ArrayDeque;

/** The last windows, a bounded queue: the oldest goes when a new one comes past the limit. Thread-safe. */
final class WindowHistory {
  private final int limit;
  private final ArrayDeque<Window> windows;

  WindowHistory(int limit) {
    this.limit = limit;
    this.windows = new ArrayDeque<>(limit);
  }

  synchronized void add(Window window) {
    if (windows.size() == limit) {
      windows.removeFirst();
    }
    windows.addLast(window);
  }

  /** The windows as {@link WindowJson} objects, oldest first. */
  JsonArray json() {
    Window[] copy;
    synchronized (this) {
      copy = windows.toArray(Window[]::new);
    }
    JsonArray array = new JsonArray();
    for (Window window : copy) {
      array.add(WindowJson.of(window));
    }
    return array;
  }
}
