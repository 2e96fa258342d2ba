/**
 * The perf demo's realistic payload ({@code payload: pojo-1k | pojo-64k}): an order of nested lines with
 * strings, numbers and lists, sized to about the bytes asked for, so that a run measures a call that
 * serialises a real object rather than one string.
 */
package io.axle.perf.payload;
