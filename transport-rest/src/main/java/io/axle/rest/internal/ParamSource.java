package io.axle.rest.internal;

/** Where an argument travels in an HTTP request. */
public enum ParamSource {
  /** A segment of the path: {@code /users/{id}}. */
  PATH,
  /** A query parameter; repeated for collections. */
  QUERY,
  /** A request header. */
  HEADER,
  /** The whole JSON body. */
  BODY,
  /** A field of the JSON body object, named after the parameter: the RPC-style default. */
  BODY_FIELD
}
