/// Bytes in, lines out: splits at CR and LF (so CR LF, bare LF and CR CR LF all end one line),
/// drops empty lines, and skips lines longer than a limit instead of growing without bound.
struct LineSplitter {
  private let maximumLength: Int
  private var pending: [UInt8] = []
  private var isOverlong = false

  init(maximumLength: Int) {
    self.maximumLength = maximumLength
  }

  /// Adds `bytes`, calling `line` with each line they complete, and `overlong` when a line
  /// grows past the limit (once per such line).
  mutating func add(_ bytes: some Sequence<UInt8>, line: (String) -> Void, overlong: () -> Void = {}) {
    for byte in bytes {
      if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
        if !pending.isEmpty, !isOverlong { line(String(decoding: pending, as: UTF8.self)) }
        pending.removeAll(keepingCapacity: true)
        isOverlong = false
      } else if pending.count < maximumLength {
        pending.append(byte)
      } else if !isOverlong {
        isOverlong = true
        overlong()
      }
    }
  }

  /// Ends the input, calling `line` with a last line that had no line break.
  mutating func finish(line: (String) -> Void) {
    if !pending.isEmpty, !isOverlong { line(String(decoding: pending, as: UTF8.self)) }
    pending.removeAll()
    isOverlong = false
  }
}
