package io.axle;

/**
 * What a filter chain returns: a result or an error, never both.
 *
 * <p>Failures travel as values, not as exceptionally completed futures, so that filters can look
 * at and rewrite an error without unwrapping {@code CompletionException}s.
 */
public final class Response {
  private static final Response OK_NULL = new Response(null, null);

  private final Object result;
  private final AxleException error;

  private Response(Object result, AxleException error) {
    this.result = result;
    this.error = error;
  }

  public static Response ok(Object result) {
    return result == null ? OK_NULL : new Response(result, null);
  }

  public static Response failure(AxleException error) {
    if (error == null) {
      throw new NullPointerException("error");
    }
    return new Response(null, error);
  }

  public static Response failure(Status status, String message) {
    return failure(new AxleException(status, message));
  }

  public boolean isOk() {
    return error == null;
  }

  public Status status() {
    return error == null ? Status.OK : error.status();
  }

  /** The result; {@code null} for a failure or a null result. */
  public Object result() {
    return result;
  }

  /** The error; {@code null} when the call succeeded. */
  public AxleException error() {
    return error;
  }

  @Override
  public String toString() {
    return error == null ? "Response[OK, " + result + "]" : "Response[" + error.status() + ", " + error.getMessage() + "]";
  }
}
