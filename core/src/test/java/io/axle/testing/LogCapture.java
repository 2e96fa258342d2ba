package io.axle.testing;

import java.io.ByteArrayOutputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * Tees System.err, where slf4j-simple writes (it looks System.err up on every line), so tests
 * can check that the server said why it closed a connection; or, {@link #standardOut()}, System.out,
 * where Logback's console appender writes (it looks System.out up on each write).
 */
public final class LogCapture {
  private final ByteArrayOutputStream captured = new ByteArrayOutputStream();
  private final boolean standardOut;
  private PrintStream original;

  /** Of System.err (slf4j-simple). */
  public LogCapture() {
    this(false);
  }

  private LogCapture(boolean standardOut) {
    this.standardOut = standardOut;
  }

  /** Of System.out (Logback's console appender, Boot's default logging). */
  public static LogCapture standardOut() {
    return new LogCapture(true);
  }

  public void install() {
    original = standardOut ? System.out : System.err;
    PrintStream copy = new PrintStream(captured, true, StandardCharsets.UTF_8);
    PrintStream tee = new PrintStream(new OutputStream() {
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
    }, true, StandardCharsets.UTF_8);
    if (standardOut) {
      System.setOut(tee);
    } else {
      System.setErr(tee);
    }
  }

  public void uninstall() {
    if (original == null) {
      return;
    }
    if (standardOut) {
      System.setOut(original);
    } else {
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
