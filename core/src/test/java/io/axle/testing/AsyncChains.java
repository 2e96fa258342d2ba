package io.axle.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiConsumer;

/**
 * Chains of async {@code echoAsync} calls, each made in the callback of the one before, as an
 * async caller keeping a number of calls in flight does: for the transports' tests of where such
 * a continuation is sent.
 */
public final class AsyncChains {
  private AsyncChains() {
  }

  /**
   * Runs {@code chains} chains of {@code steps} calls at once and returns, per chain, the thread
   * that completed each of its calls but the first: {@code steps - 1} threads. The first call of
   * each chain is made from the calling thread, and its callback may run on that thread too, when
   * the answer arrives before the callback is registered; so where the second call is sent from
   * is incidental, and from the third on each is made where the one before completed; {@code continueWith} is handed each later call, with the number of the step that
   * completed, to make on the completing thread at once or later. Fails if a call fails or echoes
   * something else, or a chain takes over 30 s.
   */
  public static List<List<Thread>> run(EchoService echo, int chains, int steps,
      BiConsumer<Integer, Runnable> continueWith) throws Exception {
    List<CompletableFuture<List<Thread>>> running = new ArrayList<>();
    for (int c = 0; c < chains; c++) {
      CompletableFuture<List<Thread>> done = new CompletableFuture<>();
      running.add(done);
      step(echo, "chain" + c, 0, steps, new ArrayList<>(), continueWith, done);
    }
    List<List<Thread>> completedOn = new ArrayList<>();
    for (CompletableFuture<List<Thread>> chain : running) {
      List<Thread> threads = chain.get(30, TimeUnit.SECONDS);
      completedOn.add(List.copyOf(threads.subList(1, threads.size())));
    }
    return completedOn;
  }

  private static void step(EchoService echo, String chain, int step, int steps, List<Thread> completedOn,
      BiConsumer<Integer, Runnable> continueWith, CompletableFuture<List<Thread>> done) {
    String message = chain + "-" + step;
    echo.echoAsync(message).whenComplete((value, error) -> {
      if (error != null || !message.equals(value)) {
        done.completeExceptionally(error != null ? error : new AssertionError("echoed " + value + " for " + message));
        return;
      }
      completedOn.add(Thread.currentThread());
      if (completedOn.size() == steps) {
        done.complete(completedOn);
      } else {
        continueWith.accept(step, () -> step(echo, chain, step + 1, steps, completedOn, continueWith, done));
      }
    });
  }
}
