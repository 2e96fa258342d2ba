package io.axle.transport;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The owner of a busy port, as a server that could not bind it names it: real sockets, a real second process. */
class PortHolderTest {
  @TempDir
  Path dir;

  @BeforeEach
  void linuxOnly() {
    assumeTrue(Files.isReadable(Path.of("/proc/net/tcp")), "needs Linux's /proc/net/tcp");
  }

  @Test
  void aPortThisJvmListensOn_isHeldByThisProcess() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      assertThat(PortHolder.describe(taken.getLocalPort()))
          .contains("this process (pid " + ProcessHandle.current().pid() + ")");
    }
  }

  @Test
  void aPortAnotherProcessListensOn_namesItsPidAndCommandLine() throws Exception {
    // A second JVM running a one-file program: it listens, prints its port, and waits for its input to end.
    Path source = dir.resolve("HoldPort.java");
    Files.writeString(source, """
        public class HoldPort {
          public static void main(String[] args) throws Exception {
            try (var socket = new java.net.ServerSocket(0, 50, java.net.InetAddress.getLoopbackAddress())) {
              System.out.println(socket.getLocalPort());
              System.out.flush();
              System.in.read();
            }
          }
        }
        """);
    String java = ProcessHandle.current().info().command().orElse("java");
    Process holder = new ProcessBuilder(java, source.toString()).redirectErrorStream(true).start();
    try {
      BufferedReader out = new BufferedReader(new InputStreamReader(holder.getInputStream(), StandardCharsets.UTF_8));
      int port = Integer.parseInt(out.readLine().trim());
      assertThat(PortHolder.describe(port)).hasValueSatisfying(who -> assertThat(who)
          .startsWith("process " + holder.pid() + " (")
          .contains("HoldPort.java"));
    } finally {
      holder.getOutputStream().close();
      if (!holder.waitFor(20, TimeUnit.SECONDS)) {
        holder.destroyForcibly();
      }
    }
  }

  @Test
  void aPortNobodyListensOn_claimsNothing() throws Exception {
    int port;
    try (ServerSocket probe = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
      port = probe.getLocalPort();
    }
    assertThat(PortHolder.describe(port)).isEmpty();
  }
}
