/**
 * The consumer side of REST: {@link io.axle.rest.internal.client.RequestPlan} turns an invocation
 * into an HTTP request on the calling thread; each {@link io.axle.rest.internal.client.ClientLoop}
 * owns one Vert.x HttpClient and its connection pool on one event loop and sends, times and
 * answers the calls handed to it. Not API.
 */
package io.axle.rest.internal.client;
