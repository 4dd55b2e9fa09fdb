/// Text from outside the program (a database row, a network client, a script) made safe to
/// write to a terminal.
///
/// A terminal acts on control characters: an escape sequence in an e-mail address can retitle
/// the window, clear the screen or hide what follows, and a bidirectional override can reorder
/// what the operator reads. Every such character is shown as a visible stand-in instead:
/// C0 controls as their Unicode control pictures (`␛` for escape, `␇` for bell, `␊` for a line
/// feed), delete as `␡`, and C1 controls, bidirectional controls and line or paragraph
/// separators as `<U+XXXX>`.
public enum TerminalText {
  /// `text` with every control character made visible.
  ///
  /// ```swift
  /// TerminalText.visible("m\u{1B}[2J@example.com")  // "m␛[2J@example.com"
  /// ```
  public static func visible(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: needsStandIn) else { return text }
    var result = ""
    result.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      guard needsStandIn(scalar) else {
        result.unicodeScalars.append(scalar)
        continue
      }
      switch scalar.value {
      case 0x00...0x1F: result.unicodeScalars.append(Unicode.Scalar(0x2400 + scalar.value)!)
      case 0x7F: result.append("\u{2421}")
      default: result.append("<U+\(String(scalar.value, radix: 16, uppercase: true).leftPadded(to: 4))>")
      }
    }
    return result
  }

  /// `text`'s lines, each made visible, joined by line feeds again: for a screen of many lines
  /// built from outside text.
  public static func visibleLines(_ text: String) -> String {
    text.split(separator: "\n", omittingEmptySubsequences: false).map { visible(String($0)) }.joined(separator: "\n")
  }

  private static func needsStandIn(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: true
    // Bidirectional embeddings, overrides, isolates and marks.
    case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true
    case 0x2028, 0x2029: true
    default: false
    }
  }
}

extension String {
  fileprivate func leftPadded(to width: Int) -> String {
    count >= width ? self : String(repeating: "0", count: width - count) + self
  }
}
