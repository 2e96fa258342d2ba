/** Checks on the shape of the code base as a whole, such as its import graph. */
package io.axle.transport.architecture;
