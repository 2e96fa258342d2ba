/**
 * The consumer side of perf.jar. In the load tool ({@code axle-load}): the load drivers and what they
 * measure; in demo-perf, the same package's Spring beans of the {@code consumer} profile that wire them
 * into a run ({@code @RpcReference}s to {@code perf1}). A closed-loop load driver (blocking threads or outstanding reactive calls) calling
 * through them, per-window metrics while it runs and a summary at the end, the run's outcome being the
 * application's exit code. Closed loop means each caller waits for its answer before sending the next, as
 * the article's driver does; with {@code rps} an open-loop driver sends at a fixed rate instead, measuring
 * from each request's intended send time. Either can send a long-tail share of the calls to
 * {@code sleepEcho}.
 */
package io.axle.perf.consumer;
