import Foundation

/// Formats the reports of ``Reducer/_printChanges(to:)``: an action's label and a line diff of
/// the state's dump before and after it.
@usableFromInline
enum ChangePrinter {
  /// A one-line label for an action: its type and value.
  @usableFromInline
  static func label(of action: some Any) -> String {
    var text = ""
    debugPrint(action, terminator: "", to: &text)
    return text
  }

  /// The value's `dump`, one line per field.
  @usableFromInline
  static func lines(of value: some Any) -> [String] {
    var text = ""
    dump(value, to: &text)
    return text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
  }

  /// The report for one action.
  @usableFromInline
  static func report(action: some Any, before: [String], after: [String]) -> String {
    var report = "received action:\n  \(label(of: action))\n"
    if before == after {
      report += "  (No state changes)\n"
    } else {
      for line in diff(before, after) { report += line + "\n" }
    }
    return report
  }

  /// Writes `text` to standard error.
  @usableFromInline
  static func writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// A line diff: `  ` unchanged, `- ` only before, `+ ` only after (longest common
  /// subsequence, so moved blocks read naturally).
  static func diff(_ before: [String], _ after: [String]) -> [String] {
    let n = before.count
    let m = after.count
    var common = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in stride(from: m - 1, through: 0, by: -1) {
        common[i][j] = before[i] == after[j] ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
      }
    }
    var lines: [String] = []
    var i = 0
    var j = 0
    while i < n || j < m {
      if i < n, j < m, before[i] == after[j] {
        lines.append("  \(before[i])")
        i += 1
        j += 1
      } else if j < m, i == n || common[i][j + 1] > common[i + 1][j] {
        lines.append("+ \(after[j])")
        j += 1
      } else {
        lines.append("- \(before[i])")
        i += 1
      }
    }
    return lines
  }
}
