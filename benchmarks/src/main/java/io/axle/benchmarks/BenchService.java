package io.axle.benchmarks;

/**
 * The schema the benchmarks call: the perf demo's 10-byte echo, and a round trip of a POJO of about
 * 1 KB on the wire.
 */
public interface BenchService {
  /** The schema id the benchmarks use. */
  String SCHEMA_ID = "BenchService";

  /** The perf demo's payload: ten ASCII bytes. */
  String ECHO_MESSAGE = "0123456789";

  String echo(String message);

  Payload roundTrip(Payload payload);

  /** The echo, served as the perf producer serves it: the argument back. */
  final class Impl implements BenchService {
    @Override
    public String echo(String message) {
      return message;
    }

    @Override
    public Payload roundTrip(Payload payload) {
      return payload;
    }
  }
}
