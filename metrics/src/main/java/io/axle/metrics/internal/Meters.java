package io.axle.metrics.internal;

import io.axle.Role;
import io.axle.Status;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Every {@link Meter}, found per call by operation name, role, transport and status without building a
 * key: two map look-ups on strings whose hash is cached, then an array slot per status. A key's
 * cumulative meter is bound when its meter is made, so a call never looks one up.
 */
final class Meters {
  private static final int STATUSES = Status.values().length;

  private final ConcurrentHashMap<String, ConcurrentHashMap<String, AtomicReferenceArray<Meter>>> consumer =
      new ConcurrentHashMap<>();
  private final ConcurrentHashMap<String, ConcurrentHashMap<String, AtomicReferenceArray<Meter>>> provider =
      new ConcurrentHashMap<>();
  private final Instruments instruments;
  /** In creation order, for the window clock. */
  final ConcurrentLinkedQueue<Meter> all = new ConcurrentLinkedQueue<>();

  Meters(Instruments instruments) {
    this.instruments = instruments;
  }

  Meter meter(Role role, String transport, String operation, Status status) {
    var byOperation = role == Role.CONSUMER ? consumer : provider;
    var byTransport = byOperation.get(operation);
    if (byTransport == null) {
      byTransport = byOperation.computeIfAbsent(operation, k -> new ConcurrentHashMap<>());
    }
    AtomicReferenceArray<Meter> byStatus = byTransport.get(transport);
    if (byStatus == null) {
      byStatus = byTransport.computeIfAbsent(transport, k -> new AtomicReferenceArray<>(STATUSES));
    }
    Meter meter = byStatus.get(status.ordinal());
    return meter != null ? meter : create(byStatus, role, transport, operation, status);
  }

  private Meter create(AtomicReferenceArray<Meter> byStatus, Role role, String transport, String operation,
      Status status) {
    // A lost race makes a second Meter, dropped unused (its timer is the winner's: the registry's of that key).
    Meter created = new Meter(role, transport, operation, status, instruments::invocationTimer,
        instruments::retriesCounter);
    if (byStatus.compareAndSet(status.ordinal(), null, created)) {
      all.add(created);
      return created;
    }
    return byStatus.get(status.ordinal());
  }
}
