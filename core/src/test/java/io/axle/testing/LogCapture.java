package io.axle.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Tees System.err, where slf4j-simple writes (it looks System.err up on every line), so tests
 * can check that the server said why it closed a connection. Needs slf4j-simple as the binding.
 */
public final class LogCapture {
  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
  private PrintStream original;

  public void install() {
    original = System.err;
    PrintStream copy = new PrintStream(captured, true, StandardCharsets.UTF_8);
    System.setErr(new PrintStream(new OutputStream() {
      @Override
      public void write(int b) {
        synchronized (captured) {
          original.write(b);
          copy.write(b);
        }
      }

      @Override
      public void write(byte[] b, int off, int len) {
        synchronized (captured) {
          original.write(b, off, len);
          copy.write(b, off, len);
        }
      }

      @Override
      public void flush() {
        original.flush();
      }
    }, true, StandardCharsets.UTF_8));
  }

  public void uninstall() {
    if (original != null) {
      System.setErr(original);
    }
  }

  /** Where the log ends now, for {@link #since}. */
  public int mark() {
    synchronized (captured) {
      return captured.size();
    }
  }

  /** Everything logged since {@link #install}. */
  public String text() {
    return since(0);
  }

  /** What was logged after {@code mark}. */
  public String since(int mark) {
    synchronized (captured) {
      byte[] all = captured.toByteArray();
      return new String(all, mark, all.length - mark, StandardCharsets.UTF_8);
    }
  }
}
