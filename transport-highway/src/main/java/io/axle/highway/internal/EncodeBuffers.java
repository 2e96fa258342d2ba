package io.axle.highway.internal;

import io.netty.buffer.AbstractByteBufAllocator;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.UnpooledHeapByteBuf;
import io.netty.buffer.UnpooledByteBufAllocator;
import io.netty.util.concurrent.FastThreadLocalThread;

/**
 * Chooses the allocator a frame is encoded with, by the thread that encodes it.
 *
 * <p>Netty's pooling allocator is fast on its event loops, which each get a cache of their own,
 * but other threads share its pools behind locks: with responses encoded on a group executor's
 * workers, about a tenth of the provider's CPU went to that contention. A frame encoded off the
 * event loops therefore goes into a plain heap buffer (an allocation from the thread's own heap
 * slab), and the event loop copies it into a pooled direct buffer as it writes it, where the pool
 * is uncontended. Frames here are small; for large ones the copy is still cheaper than the lock.
 *
 * <p>Requests go into heap buffers on every thread: their connection copies them into one pooled
 * buffer per burst of writes ({@link ClientConnection}), which is cheaper than a pooled buffer each.
 *
 * <p>Large frames are the exception, on every thread and both sides: a frame whose body is at least
 * {@link #LARGE_BODY} bytes is encoded into a pooled direct buffer of its own and handed to the socket
 * as it is ({@link WriteBatch#append}). Its body is then copied once, from the encoder into the
 * memory the socket writes from; through a heap buffer and a batch it was copied twice more, and the
 * heap buffer had to be zeroed first. At that size one allocation from the shared pools costs less
 * than those copies.
 */
final class EncodeBuffers {
  /** Bodies of at least this many bytes are encoded into a pooled direct frame of their own. */
  static final int LARGE_BODY = 16 * 1024;
  private static final ByteBufAllocator HEAP = new HeapAllocator();

  private EncodeBuffers() {
  }

  /**
   * Unpooled heap buffers without the usage counters of Netty's own unpooled allocator, whose
   * shared adders cost as much as the lock they replaced here. Direct buffers are not asked of it.
   */
  private static final class HeapAllocator extends AbstractByteBufAllocator {
    HeapAllocator() {
      super(false);
    }

    @Override
    protected ByteBuf newHeapBuffer(int initialCapacity, int maxCapacity) {
      return new UnpooledHeapByteBuf(this, initialCapacity, maxCapacity);
    }

    @Override
    protected ByteBuf newDirectBuffer(int initialCapacity, int maxCapacity) {
      return UnpooledByteBufAllocator.DEFAULT.directBuffer(initialCapacity, maxCapacity);
    }

    @Override
    public boolean isDirectBufferPooled() {
      return false;
    }
  }

  /** Unpooled heap buffers, for frames that are copied into a batch before they are written. */
  static ByteBufAllocator heap() {
    return HEAP;
  }

  /** The pooled allocator large frames come from, on any thread: Netty's default, which Vert.x's sockets use too. */
  static ByteBufAllocator large() {
    return ByteBufAllocator.DEFAULT;
  }

  /** {@code eventLoopAllocator} on a Netty event-loop thread, an unpooled heap allocator elsewhere. */
  static ByteBufAllocator forCurrentThread(ByteBufAllocator eventLoopAllocator) {
    return Thread.currentThread() instanceof FastThreadLocalThread ? eventLoopAllocator : HEAP;
  }
}
