import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A program a test runs to its end: its exit status and everything it wrote.
package enum ChildProcess {
  /// A program that could not be started.
  package struct StartFailure: Error, CustomStringConvertible {
    package let description: String
  }

  /// Runs `tool` (a path) with `arguments`, standard input empty, and returns its exit status
  /// (-1 when a signal ended it) and what it wrote to standard output and error together.
  ///
  /// Through `posix_spawn` and `waitpid`, not Foundation's `Process`: with `runuser` in
  /// between, `waitUntilExit` never saw the child end (it stayed a zombie) and the tests hung.
  package static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { throw StartFailure(description: "pipe: errno \(errno)") }
    for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 1)
    posix_spawn_file_actions_adddup2(&actions, ends[1], 2)
    let argv = ([tool] + arguments).map { strdup($0) } + [nil]
    defer { for argument in argv { free(argument) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, tool, &actions, nil, argv, environ)
    close(ends[1])
    defer { close(ends[0]) }
    guard spawned == 0 else { throw StartFailure(description: "\(tool): cannot start: error \(spawned)") }
    var output: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = read(ends[0], &buffer, buffer.count)
      if count > 0 {
        output += buffer[..<count]
      } else if count == 0 || errno != EINTR {
        break
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
    // Exited (low 7 bits clear): the exit status is the next byte.
    let exit = status & 0x7f == 0 ? (status >> 8) & 0xff : -1
    return (exit, String(decoding: output, as: UTF8.self))
  }
}
