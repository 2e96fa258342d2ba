/**
 * The call machinery every transport shares, so that each writes only its wire: a per-loop
 * {@link io.axle.transport.calls.LoopOutbox} (submission queue, on-loop fast path, batch drain, one
 * flush per batch or read burst), the consumer's {@link io.axle.transport.calls.PendingCalls} table
 * (ids, deadlines on a {@link io.axle.transport.calls.DeadlineTimer}, the standard failures) and the
 * {@link io.axle.transport.calls.ConsumerCall} it holds. All of it is owned by one event loop and
 * touched only there, except where a method says it may be called from any thread.
 */
package io.axle.transport.calls;
