package io.axle.transport;

import io.axle.config.AxleConfig;
import io.axle.config.ConfigException;
import io.axle.config.CoreConfigKeys;
import io.vertx.core.Vertx;
import io.vertx.core.VertxOptions;
import io.vertx.core.internal.VertxInternal;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * {@code axle.transport.native}: whether Vert.x runs its event loops on Netty's native epoll
 * transport (the {@code netty-transport-native-epoll} jars for Linux x86_64 and aarch64 are on the
 * class path) or on NIO, and which one it got. Every Vert.x instance of a process that carries
 * calls is made through it, the perf demo's raw baselines included, so that what is compared runs
 * on the same kind of transport.
 */
public final class NativeTransport {
  private static final Logger log = LoggerFactory.getLogger(NativeTransport.class);

  private NativeTransport() {
  }

  /** A Vert.x instance made with {@code options} on the transport the key asks for, said in the log. */
  public static Vertx vertx(AxleConfig config, VertxOptions options) {
    Vertx vertx = Vertx.vertx(prefer(config, options));
    check(config, vertx);
    return vertx;
  }

  /** Asks for the native transport unless the key says false. */
  public static VertxOptions prefer(AxleConfig config, VertxOptions options) {
    return options.setPreferNativeTransport(!config.get(CoreConfigKeys.TRANSPORT_NATIVE).equals("false"));
  }

  /**
   * Logs which transport {@code vertx} uses; with {@code true} and no native transport, closes
   * {@code vertx} and throws naming the cause.
   */
  public static void check(AxleConfig config, Vertx vertx) {
    String wanted = config.get(CoreConfigKeys.TRANSPORT_NATIVE);
    if (vertx.isNativeTransportEnabled()) {
      log.info("network transport: native {} ({}: {})", nativeName(vertx), CoreConfigKeys.TRANSPORT_NATIVE.name(),
          wanted);
      return;
    }
    if (wanted.equals("false")) {
      log.info("network transport: NIO ({}: false)", CoreConfigKeys.TRANSPORT_NATIVE.name());
      return;
    }
    String cause = describe(vertx.unavailableNativeTransportCause());
    if (wanted.equals("true")) {
      vertx.close();
      throw new ConfigException(CoreConfigKeys.TRANSPORT_NATIVE.name() + ": true (expected: auto or false here: the "
          + "native epoll transport does not load on " + platform() + ": " + cause + ")");
    }
    log.info("network transport: NIO ({}: auto; native epoll does not load on {}: {})",
        CoreConfigKeys.TRANSPORT_NATIVE.name(), platform(), cause);
  }

  /** The native transport Vert.x chose, from its class ({@code EpollTransport}: epoll); Axle ships only epoll's jars. */
  private static String nativeName(Vertx vertx) {
    String name = vertx instanceof VertxInternal internal ? internal.transport().getClass().getSimpleName() : "";
    return name.endsWith("Transport") && name.length() > "Transport".length()
        ? name.substring(0, name.length() - "Transport".length()).toLowerCase(java.util.Locale.ROOT) : "epoll";
  }

  private static String platform() {
    return System.getProperty("os.name") + " " + System.getProperty("os.arch");
  }

  private static String describe(Throwable cause) {
    if (cause == null) {
      return "no reason given";
    }
    Throwable root = cause;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    return root == cause ? cause.toString() : cause + " (" + root + ")";
  }
}
