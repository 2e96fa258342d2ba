package io.axle.testing;

import io.vertx.core.Context;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Holds an event loop busy until closed, so that what other threads hand it meanwhile waits in its
 * queue and is taken in one batch when it is let go; for the flush-count tests.
 */
public final class BlockedLoop implements AutoCloseable {
  private final CountDownLatch release = new CountDownLatch(1);

  private BlockedLoop() {
  }

  /** Runs {@code first} on {@code context}'s loop, then keeps the loop until {@link #close}; returns once it holds it. */
  public static BlockedLoop hold(Context context, Runnable first) throws InterruptedException {
    BlockedLoop blocked = new BlockedLoop();
    CountDownLatch holding = new CountDownLatch(1);
    context.runOnContext(v -> {
      first.run();
      holding.countDown();
      try {
        blocked.release.await(20, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    });
    if (!holding.await(20, TimeUnit.SECONDS)) {
      throw new AssertionError("the loop was not free within 20 s");
    }
    return blocked;
  }

  /** Lets the loop go. */
  @Override
  public void close() {
    release.countDown();
  }
}
