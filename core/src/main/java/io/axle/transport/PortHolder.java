package io.axle.transport;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Who listens on a TCP port, for the error of a server that could not bind it: {@code this process
 * (pid 123)} (another server of this JVM, such as a web server's) or {@code process 456 (python3 -m
 * http.server 8080)}. A busy port's own error says only "Address already in use", which sends the
 * user to {@code ss} or {@code lsof}; this does their look-up.
 *
 * <p>Linux only: the listening sockets come from {@code /proc/net/tcp} and {@code tcp6}, their owner
 * from the {@code socket:[inode]} links under each {@code /proc/<pid>/fd}. Elsewhere, or when the
 * files say nothing, nothing is claimed; a socket whose owner cannot be seen (another user's process)
 * is named by that user's id.
 */
final class PortHolder {
  private static final Path PROC = Path.of("/proc");
  /** The state column's value for a listening socket. */
  private static final String LISTEN = "0A";
  private static final int MAX_COMMAND_CHARS = 160;

  private PortHolder() {
  }

  /** Who listens on {@code port}, or empty when that cannot be told. Never throws. */
  static Optional<String> describe(int port) {
    try {
      Set<String> inodes = new HashSet<>();
      String uid = null;
      for (String table : List.of("net/tcp", "net/tcp6")) {
        Path file = PROC.resolve(table);
        if (!Files.isReadable(file)) {
          continue;
        }
        List<String> lines = Files.readAllLines(file, StandardCharsets.US_ASCII);
        for (String line : lines.subList(Math.min(1, lines.size()), lines.size())) {
          String[] columns = line.trim().split("\\s+");
          // sl, local_address, rem_address, st, tx:rx, tr:when, retrnsmt, uid, timeout, inode
          if (columns.length < 10 || !LISTEN.equals(columns[3])) {
            continue;
          }
          String local = columns[1];
          int colon = local.lastIndexOf(':');
          if (colon < 0 || Integer.parseInt(local.substring(colon + 1), 16) != port) {
            continue;
          }
          inodes.add("socket:[" + columns[9] + "]");
          uid = columns[7];
        }
      }
      if (inodes.isEmpty()) {
        return Optional.empty();
      }
      long self = ProcessHandle.current().pid();
      if (holds(PROC.resolve(Long.toString(self)), inodes)) {
        return Optional.of("this process (pid " + self + ")");
      }
      try (DirectoryStream<Path> processes = Files.newDirectoryStream(PROC, "[0-9]*")) {
        for (Path process : processes) {
          if (holds(process, inodes)) {
            return Optional.of("process " + process.getFileName() + command(process));
          }
        }
      }
      return Optional.of("a process of user id " + uid + " that this user cannot see");
    } catch (IOException | RuntimeException e) {
      return Optional.empty();
    }
  }

  /** Whether one of {@code process}'s open files is one of the sockets. */
  private static boolean holds(Path process, Set<String> inodes) {
    try (DirectoryStream<Path> fds = Files.newDirectoryStream(process.resolve("fd"))) {
      for (Path fd : fds) {
        try {
          if (inodes.contains(Files.readSymbolicLink(fd).toString())) {
            return true;
          }
        } catch (IOException closedMeanwhile) {
          // The descriptor went away while it was listed.
        }
      }
    } catch (IOException | SecurityException notOurs) {
      // Another user's process, or one that ended.
    }
    return false;
  }

  /** {@code " (its command line)"}, shortened, or nothing when it cannot be read. */
  private static String command(Path process) {
    try {
      String line = new String(Files.readAllBytes(process.resolve("cmdline")), StandardCharsets.UTF_8)
          .replace('\0', ' ').trim();
      if (line.isEmpty()) {
        return "";
      }
      return " (" + (line.length() > MAX_COMMAND_CHARS ? line.substring(0, MAX_COMMAND_CHARS) + "…" : line) + ")";
    } catch (IOException e) {
      return "";
    }
  }
}
