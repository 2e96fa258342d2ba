/**
 * The REST server's request path: the route table built once at start-up, the argument readers
 * that turn path, query, header and body into method arguments, the handler that dispatches to
 * the operation's executor, and the writer that answers from any thread. Not API.
 */
package io.axle.rest.internal.server;
