/** The REST transport's mapping model, JSON codec, server and client. Not API. */
package io.axle.rest.internal;
