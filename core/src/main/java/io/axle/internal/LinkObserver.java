package io.axle.internal;

import io.axle.contract.OperationMeta;

/**
 * Hears each link a call enters, by the name its chain's description gives it: how a test checks that the
 * chain described is the chain walked. Set on {@link RuntimeSpec#linkObserver}; with none (always, outside
 * such tests) the chains are built without it and cost nothing more.
 */
@FunctionalInterface
public interface LinkObserver {
  void entered(OperationMeta operation, String link);
}
