import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The three attacks of issue 17 on a highway server, as a peer that does not play by the rules would
 * make them, for demo-perf/scripts/attack.sh (which runs a well-behaved consumer beside it). A
 * single-file program: {@code java demo-perf/scripts/Abuser.java <attack> <port> <seconds>}.
 * <ul>
 *   <li>{@code pipeline}: one connection writing PerfService.echo requests as fast as it can,
 *       never reading an answer;</li>
 *   <li>{@code header}: requests whose header section holds 200,000 context entries (2 MB), one after
 *       another, on a new connection whenever the server closes one;</li>
 *   <li>{@code idle}: 4,000 connections that never send a byte.</li>
 * </ul>
 * Prints what became of the abuser: bytes written, connections closed by the server.
 */
public final class Abuser {
  private static final int MAGIC = 0xA71E;
  private static final int VERSION = 2;
  private static final int REQUEST = 1;

  public static void main(String[] args) throws Exception {
    String attack = args[0];
    int port = Integer.parseInt(args[1]);
    long end = System.nanoTime() + Long.parseLong(args[2]) * 1_000_000_000L;
    switch (attack) {
      case "pipeline" -> pipeline(port, end);
      case "header" -> header(port, end);
      case "idle" -> idle(port, end);
      default -> throw new IllegalArgumentException(attack + " (expected: pipeline, header or idle)");
    }
  }

  private static void pipeline(int port, long end) throws IOException {
    byte[] request = frame(1, header(0), stringField(1, "x".repeat(100)));
    long written = 0;
    try (Socket socket = new Socket()) {
      socket.setReceiveBufferSize(4096);
      socket.connect(new InetSocketAddress("127.0.0.1", port));
      socket.setSoTimeout(1000);
      OutputStream out = socket.getOutputStream();
      Thread writer = Thread.currentThread();
      // Writes block once TCP pushes back; this ends them when the time is up.
      Thread.ofPlatform().daemon().start(() -> {
        sleepUntil(end);
        writer.interrupt();
        try {
          socket.close();
        } catch (IOException ignored) {
          // closing anyway
        }
      });
      while (System.nanoTime() < end) {
        out.write(request);
        written += request.length;
      }
      System.out.println("abuser pipeline: wrote " + written + " bytes, connection still open at the end");
    } catch (IOException e) {
      String how = System.nanoTime() < end ? "cut off by the server after " : "stopped at the end after ";
      System.out.println("abuser pipeline: " + how + written + " bytes (" + e + ")");
    }
  }

  private static void header(int port, long end) throws IOException {
    byte[] request = frame(1, header(200_000), stringField(1, "hi"));
    int sent = 0;
    int closed = 0;
    int answered = 0;
    while (System.nanoTime() < end) {
      try (Socket socket = new Socket("127.0.0.1", port)) {
        socket.setSoTimeout(5000);
        OutputStream out = socket.getOutputStream();
        InputStream in = socket.getInputStream();
        while (System.nanoTime() < end) {
          out.write(request);
          sent++;
          byte[] fixed = in.readNBytes(20);
          if (fixed.length < 20) {
            closed++;
            break;
          }
          ByteBuffer lengths = ByteBuffer.wrap(fixed, 12, 8);
          in.readNBytes(lengths.getInt() + lengths.getInt());
          answered++;
        }
      } catch (IOException e) {
        closed++;
      }
    }
    System.out.println("abuser header: " + sent + " requests of " + request.length + " bytes written in full, "
        + answered + " answered; " + closed + " connections closed by the server");
  }

  private static void idle(int port, long end) throws Exception {
    List<Socket> sockets = new ArrayList<>();
    int refused = 0;
    for (int i = 0; i < 4000; i++) {
      try {
        sockets.add(new Socket("127.0.0.1", port));
      } catch (IOException e) {
        refused++;
      }
    }
    sleepUntil(end);
    int open = 0;
    int goAway = 0;
    for (Socket socket : sockets) {
      socket.setSoTimeout(1);
      InputStream in = socket.getInputStream();
      try {
        // A GOAWAY frame may wait before the end of the stream: read past it.
        int read = 0;
        while (in.read() >= 0) {
          read++;
        }
        goAway += read >= 20 ? 1 : 0;
      } catch (SocketTimeoutException stillOpen) {
        open++;
      } catch (IOException closedByServer) {
        // reset
      }
      socket.close();
    }
    System.out.println("abuser idle: opened " + sockets.size() + " (" + refused + " refused at connect); at the end "
        + open + " still open, " + (sockets.size() - open) + " closed by the server (" + goAway
        + " after a GOAWAY)");
  }

  private static void sleepUntil(long end) {
    try {
      long left = end - System.nanoTime();
      if (left > 0) {
        Thread.sleep(left / 1_000_000);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }

  private static byte[] header(int contextEntries) {
    ByteArrayOutputStream header = new ByteArrayOutputStream();
    header.writeBytes(stringField(1, "PerfService"));
    header.writeBytes(stringField(2, "echo"));
    for (int i = 0; i < contextEntries; i++) {
      header.writeBytes(stringField(6, "k" + i));
      header.writeBytes(stringField(7, "v"));
    }
    return header.toByteArray();
  }

  private static byte[] frame(long requestId, byte[] header, byte[] body) {
    ByteBuffer frame = ByteBuffer.allocate(20 + header.length + body.length);
    frame.putShort((short) MAGIC).put((byte) VERSION).put((byte) REQUEST).putLong(requestId)
        .putInt(header.length).putInt(body.length).put(header).put(body);
    return frame.array();
  }

  private static byte[] stringField(int field, String value) {
    byte[] bytes = value.getBytes(StandardCharsets.UTF_8);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    varint(out, (field << 3) | 2);
    varint(out, bytes.length);
    out.writeBytes(bytes);
    return out.toByteArray();
  }

  private static void varint(ByteArrayOutputStream out, long value) {
    while ((value & ~0x7FL) != 0) {
      out.write((int) ((value & 0x7F) | 0x80));
      value >>>= 7;
    }
    out.write((int) value);
  }
}
