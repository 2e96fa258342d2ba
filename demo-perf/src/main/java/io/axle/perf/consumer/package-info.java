/**
 * The consumer side of perf.jar: a closed-loop load driver (blocking threads or outstanding reactive
 * calls) calling {@code perf1}, per-window metrics while it runs and a summary at the end. Closed loop
 * means each caller waits for its answer before sending the next, as the article's driver does.
 */
package io.axle.perf.consumer;
