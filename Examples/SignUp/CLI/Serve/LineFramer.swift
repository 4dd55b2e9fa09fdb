/// Splits a connection's bytes into lines: `\n` ends a line (a `\r` before it is dropped), a
/// line longer than ``limit`` bytes is reported and skipped up to its end, and a line that is not
/// UTF-8 is reported instead of being decoded with replacement characters.
struct LineFramer {
  /// What one line of input came to.
  enum Line: Equatable {
    /// A line of text, without its terminator.
    case text(String)
    /// A line of more than ``LineFramer/limit`` bytes, skipped.
    case tooLong
    /// A line that is not valid UTF-8, skipped.
    case invalidUTF8
  }

  /// The longest line, in bytes, without its terminator.
  let limit: Int
  private var buffer: [UInt8] = []
  /// Whether the bytes up to the next `\n` belong to a line already reported too long.
  private var skipping = false

  init(limit: Int) {
    self.limit = limit
  }

  /// The lines `bytes` completes.
  mutating func append(_ bytes: UnsafeRawBufferPointer) -> [Line] {
    var lines: [Line] = []
    for byte in bytes {
      if byte == UInt8(ascii: "\n") {
        if skipping {
          skipping = false
        } else {
          lines.append(Self.decode(buffer))
        }
        buffer.removeAll(keepingCapacity: true)
      } else if !skipping {
        buffer.append(byte)
        if buffer.count > limit + 1 || (buffer.count == limit + 1 && byte != UInt8(ascii: "\r")) {
          lines.append(.tooLong)
          buffer.removeAll(keepingCapacity: true)
          skipping = true
        }
      }
    }
    return lines
  }

  /// The last line, when the input ended without a final `\n`.
  mutating func finish() -> Line? {
    defer { buffer.removeAll() }
    guard !skipping, !buffer.isEmpty else { return nil }
    return Self.decode(buffer)
  }

  private static func decode(_ bytes: [UInt8]) -> Line {
    let text = bytes.last == UInt8(ascii: "\r") ? bytes.dropLast() : bytes[...]
    guard let line = String(validating: text, as: UTF8.self) else { return .invalidUTF8 }
    return .text(line)
  }
}
