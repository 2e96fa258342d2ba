package io.axle.executor;

/** The strategy behind an {@link AxleExecutor}, for configuration, logs and metrics. */
public enum ExecutorKind {
  /** Runs the task on the submitting thread. */
  INLINE,
  /** Runs the task on a bounded pool of platform threads, split into groups. */
  GROUP,
  /** Runs each task on its own virtual thread. */
  VIRTUAL,
  /** Runs the task on a user-supplied executor. */
  CUSTOM
}
