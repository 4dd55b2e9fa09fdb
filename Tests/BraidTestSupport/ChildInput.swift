import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension FileHandle {
  /// Writes `data` to a child process's standard input, which the child may already have
  /// closed by exiting (a script that fails on its first line): the write then fails with
  /// `EPIPE` and is dropped, and the child's output and exit status tell the test what
  /// happened.
  ///
  /// Left to the default, that write raises SIGPIPE and kills the whole test process, every
  /// other test with it (1 run in 20 of the loaded gauge, `Scripts/repeat-tests.sh`). So the
  /// first call ignores SIGPIPE for the test process; socket writes in the tests already pass
  /// `MSG_NOSIGNAL`.
  package func writeToChild(_ data: Data) {
    _ = brokenPipesIgnored
    try? write(contentsOf: data)
  }
}

/// SIGPIPE ignored in the test process, once.
private let brokenPipesIgnored: Void = {
  signal(SIGPIPE, SIG_IGN)
}()
