import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension Pipe {
  /// A pipe for a child process's standard input, output or error whose two ends no *other*
  /// child inherits: both are marked close-on-exec (the child gets its end through `dup2`,
  /// which clears the mark on the copy).
  ///
  /// Foundation's `Pipe()` leaves them inheritable, and tests spawn children in parallel: a
  /// long-lived `braid-demo serve` spawned while another test's `signup --script -` was running
  /// inherited the write end of that child's standard input, so the script never saw its end
  /// and was killed at its 60 s bound (2 runs in 14 of the loaded gauge,
  /// `Scripts/repeat-tests.sh`). The window left is the instant between `pipe()` and `fcntl`.
  package static func forChild() -> Pipe {
    let pipe = Pipe()
    for handle in [pipe.fileHandleForReading, pipe.fileHandleForWriting] {
      _ = fcntl(handle.fileDescriptor, F_SETFD, FD_CLOEXEC)
    }
    return pipe
  }
}
