/**
 * Consumer and provider calls as Micrometer Observations, so that a tracing bridge (Micrometer Tracing with
 * OpenTelemetry or Brave) makes spans of them and carries the trace across hops in the calls' context
 * entries: {@link io.axle.metrics.observation.AxleObservations#install}.
 */
package io.axle.metrics.observation;
