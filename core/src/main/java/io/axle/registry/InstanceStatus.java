package io.axle.registry;

/** Whether a registered instance takes calls. */
public enum InstanceStatus {
  /** Serving: consumers pick it. */
  UP,
  /** Leaving or not ready: consumers do not pick it, calls already made to it complete. */
  DOWN
}
