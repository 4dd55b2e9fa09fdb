import BraidPOSIX
import Foundation

/// The commands a user types on standard input, one per line, for the demo's interactive modes.
public enum CommandInput {
  /// The longest command line, in bytes.
  public static let maximumLineLength = 4096

  /// The lines of standard input, trimmed of spaces, until it ends (or the loop reading them
  /// ends). A line too long to be a command is said so on standard error, and skipped; one that
  /// cannot be read at all ends the lines, after saying why.
  public static func lines() -> AsyncStream<String> {
    let input: StandardInputLines
    do {
      input = try StandardInputLines(maximumLength: maximumLineLength)
    } catch {
      FileHandle.standardError.write(Data("braid-demo: cannot read standard input: \(error)\n".utf8))
      return AsyncStream { $0.finish() }
    }
    return AsyncStream { continuation in
      let task = Task {
        for await line in input.lines {
          switch line {
          case .text(let text): continuation.yield(text.trimmingCharacters(in: .whitespaces))
          case .tooLong:
            FileHandle.standardError.write(
              Data("braid-demo: a line longer than \(maximumLineLength) bytes is not a command; ignored\n".utf8))
          case .invalidUTF8:
            FileHandle.standardError.write(
              Data("braid-demo: a line that is not UTF-8 is not a command; ignored\n".utf8))
          }
        }
        continuation.finish()
      }
      continuation.onTermination = { _ in
        task.cancel()
        input.stop()
      }
    }
  }
}
