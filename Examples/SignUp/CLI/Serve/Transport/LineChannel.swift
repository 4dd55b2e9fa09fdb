import BraidPOSIX

/// What a session sees of its connection: the lines its client sends, numbered, one at a time,
/// and the writer its replies go to. Used by the session's task only.
///
/// A line counts as handled when the session asks for the next: at most a window of lines
/// waits ahead of the session, and a client that sends faster is held back by TCP. Lines that
/// arrive after the input ended (the client is gone, the server is stopping) are skipped.
final class LineChannel {
  private let connection: ServerConnection
  private let clock: any Clock<Duration>
  private var lines: AsyncStream<LineFramer.Line>.Iterator
  private var number = 0
  /// Whether the line last returned is still to be counted as handled.
  private var owesHandled = false

  init(connection: ServerConnection, clock: any Clock<Duration>) {
    self.connection = connection
    self.clock = clock
    lines = connection.lines.makeAsyncIterator()
  }

  /// The connection's number.
  var id: Int { connection.id }

  /// Where the session's replies go.
  var writer: ConnectionWriter { connection.writer }

  /// The longest line, in bytes.
  var lineLimit: Int { connection.lineLimit }

  /// The next line with its number (from 1), or `nil` once the input has ended. No line for the
  /// idle timeout ends the input.
  func next() async -> (number: Int, line: LineFramer.Line)? {
    // Input is paced by output: while half the writer's bound waits to be sent, the next line
    // is not taken, the reader's window stays full, and TCP holds the client back.
    await connection.writer.waitForRoom(below: connection.writer.limit / 2)
    if owesHandled {
      owesHandled = false
      connection.handled()
    }
    while true {
      let idle = connection.idleTimer(clock: clock)
      let line = await lines.next()
      idle.cancel()
      guard let line else { return nil }
      number += 1
      if connection.hasEndedInput {
        connection.handled()
        continue
      }
      owesHandled = true
      return (number, line)
    }
  }

  /// Waits for `duration` on the server's clock, or until the input ends.
  func wait(for duration: Duration) async {
    await connection.wait(for: duration, on: clock)
  }

  /// Writes `message` to the server's log, naming the connection.
  func log(_ message: String) {
    connection.log("connection \(id): \(message)")
  }

  /// ``log(_:)`` as a function other tasks may call.
  var logger: @Sendable (String) -> Void {
    { [connection] message in connection.log("connection \(connection.id): \(message)") }
  }
}
