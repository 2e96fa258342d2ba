/** Highway's framing, codecs and connections. Not API. */
package io.axle.highway.internal;
