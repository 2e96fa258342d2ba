/**
 * Implementation of the executors that users reach only through {@link
 * io.axle.executor.AxleExecutors}. Nothing here is API: it may change in any release.
 */
package io.axle.executor.internal;
