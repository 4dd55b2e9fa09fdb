import Foundation

/// A process that keeps running while the test reads its standard output line by line.
package final class RunningProcess: @unchecked Sendable {
  private let process = Process()
  private let input = Pipe.forChild()
  private let output = Pipe.forChild()
  private let errors = Pipe.forChild()
  /// Guards `lines`, `consumed`, `ended` and `errorBytes`.
  private let condition = NSCondition()
  private var lines: [String] = []
  private var consumed = 0
  private var ended = false
  private var errorBytes = Data()

  /// Starts `executable` with `arguments`; its standard input stays open for ``write(_:)``.
  package init(_ executable: URL, _ arguments: [String]) throws {
    process.executableURL = executable
    process.arguments = arguments
    process.standardInput = input
    process.standardOutput = output
    process.standardError = errors
    try process.run()
    let outputHandle = output.fileHandleForReading
    Thread.detachNewThread { [self] in
      var pending = Data()
      while true {
        let data = outputHandle.availableData
        condition.lock()
        if data.isEmpty {
          ended = true
          condition.broadcast()
          condition.unlock()
          return
        }
        pending.append(data)
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
          lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
          pending = Data(pending[(newline + 1)...])
        }
        condition.broadcast()
        condition.unlock()
      }
    }
    let errorHandle = errors.fileHandleForReading
    Thread.detachNewThread { [self] in
      while case let data = errorHandle.availableData, !data.isEmpty {
        condition.lock()
        errorBytes.append(data)
        condition.unlock()
      }
    }
  }

  /// What the process wrote to standard error so far.
  package var errorOutput: String {
    condition.lock()
    defer { condition.unlock() }
    return String(decoding: errorBytes, as: UTF8.self)
  }

  /// Consumes lines until one matches; `false` when the output ends or 20 s pass first.
  ///
  /// The bound is wall-clock because the other side is a separate process with real file
  /// notifications; the demo reacts in milliseconds, so 20 s only guards against a hang.
  ///
  /// Waits on a thread of its own, not on the cooperative pool (see `onOwnThread`).
  package func waitForLine(_ matches: @escaping @Sendable (String) -> Bool) async -> Bool {
    await matchingLine(matches) != nil
  }

  /// ``waitForLine(_:)`` that returns the line that matched.
  package func matchingLine(_ matches: @escaping @Sendable (String) -> Bool) async -> String? {
    await onOwnThread { self.blockingMatchingLine(matches) }
  }

  private func blockingMatchingLine(_ matches: (String) -> Bool) -> String? {
    let deadline = Date().addingTimeInterval(20)
    condition.lock()
    defer { condition.unlock() }
    while true {
      while consumed < lines.count {
        let line = lines[consumed]
        consumed += 1
        if matches(line) { return line }
      }
      if ended || !condition.wait(until: deadline) { return nil }
    }
  }

  /// The process's id, for reading `/proc/PID`.
  package var processIdentifier: Int32 { process.processIdentifier }

  /// Writes `text` to the process's standard input.
  package func write(_ text: String) {
    input.fileHandleForWriting.writeToChild(Data(text.utf8))
  }

  /// Closes the process's standard input, waits for it to exit, on a thread of its own, and
  /// returns its status.
  package func finish() async -> Int32 {
    try? input.fileHandleForWriting.close()
    await onOwnThread { self.process.waitUntilExit() }
    return process.terminationStatus
  }

  /// Interrupts the process (as Ctrl-C would) and waits for it, on a thread of its own.
  package func stop() async {
    if process.isRunning { process.interrupt() }
    await onOwnThread { self.process.waitUntilExit() }
  }

  deinit {
    // A test that threw before stopping it leaves no process behind.
    if process.isRunning { process.terminate() }
  }
}
