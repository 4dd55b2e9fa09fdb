import BraidTestSupport
import Foundation

/// The `sqlite3` command-line shell (Debian package `sqlite3`) on a database, as another
/// process writing to it: commands go to its standard input, results come back line by line.
final class SQLiteShell {
  /// The installed shell, if any.
  static let executable = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether the shell is installed.
  static var isInstalled: Bool { executable != nil }

  private let process = Process()
  private let input = Pipe.forChild()
  private let output = Pipe.forChild()

  init(path: String) throws {
    guard let executable = Self.executable else { throw CocoaError(.fileNoSuchFile) }
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-batch", path]
    process.standardInput = input
    process.standardOutput = output
    process.standardError = output
    try process.run()
  }

  /// Sends `commands` (ended with a newline).
  func send(_ commands: String) {
    input.fileHandleForWriting.writeToChild(Data((commands + "\n").utf8))
  }

  /// Waits for the next line the shell prints.
  func readLine() async -> String? {
    let handle = output.fileHandleForReading
    // On a thread of its own: the read blocks, and a blocked cooperative thread stalls every
    // other test in the process.
    return await onOwnThread {
      var bytes: [UInt8] = []
      while true {
        let data = handle.readData(ofLength: 1)
        guard let byte = data.first else { return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self) }
        if byte == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
        bytes.append(byte)
      }
    }
  }

  /// Closes the shell's input and waits for it to exit.
  ///
  /// - Returns: Its exit status.
  @discardableResult
  func finish() -> Int32 {
    try? input.fileHandleForWriting.close()
    process.waitUntilExit()
    return process.terminationStatus
  }

  deinit {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }
}
