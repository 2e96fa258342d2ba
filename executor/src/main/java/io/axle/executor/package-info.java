/**
 * Where provider handlers run. Transports read requests on event-loop threads, which must never
 * block; each operation is therefore handed to an {@link io.axle.executor.AxleExecutor} chosen for
 * it: {@linkplain io.axle.executor.AxleExecutors#inline() inline} for handlers that never block,
 * a {@linkplain io.axle.executor.GroupExecutor group} of bounded thread pools for blocking
 * handlers, {@linkplain io.axle.executor.AxleExecutors#virtual(String) virtual threads}, or any
 * user {@link java.util.concurrent.Executor} {@linkplain
 * io.axle.executor.AxleExecutors#wrap(String, java.util.concurrent.Executor) wrapped} under a name.
 *
 * <p>Bounded executors refuse work with an {@link io.axle.executor.ExecutorOverloadedException}
 * instead of blocking the event loop or building an unbounded backlog, so overload shows up as a
 * fast, explained error rather than as latency.
 */
package io.axle.executor;
