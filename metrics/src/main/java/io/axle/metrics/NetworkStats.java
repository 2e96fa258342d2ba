package io.axle.metrics;

/**
 * Bytes a runtime's sockets read and wrote over one window, for one transport endpoint.
 *
 * <p>Figures are the differences of cumulative per-socket counters (Vert.x's metrics SPI, every read
 * and write of a connection) between the window's start and end, divided by its length: TCP payload
 * bytes, so TLS records and HTTP framing count, TCP/IP headers do not.
 *
 * @param transport {@code highway} (Vert.x NetServer/NetClient) or {@code rest} (Vert.x
 *     HttpServer/HttpClient)
 * @param side {@code server}: connections accepted on a listening address; {@code client}: connections
 *     this runtime opened
 * @param endpoint {@code host:port}: server side, the local listening address; client side, the remote
 *     (provider) address
 * @param bytesInPerSecond bytes read per second
 * @param bytesOutPerSecond bytes written per second
 * @param connections connections of this key open when the window closed
 */
public record NetworkStats(String transport, String side, String endpoint, double bytesInPerSecond,
    double bytesOutPerSecond, long connections) {
  /** {@link #side()} of accepted connections. */
  public static final String SERVER = "server";
  /** {@link #side()} of connections this runtime opened. */
  public static final String CLIENT = "client";
}
