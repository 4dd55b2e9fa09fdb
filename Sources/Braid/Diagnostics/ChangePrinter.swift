import Foundation

/// Formats the reports of ``Reducer/_printChanges(to:)``: an action's label and a structural
/// diff of the state before and after it (see `ValueDump`).
@usableFromInline
enum ChangePrinter {
  /// A label for an action, as `ValueDump` renders it (`.loaded("fact")`).
  @usableFromInline
  static func label(of action: some Any) -> String {
    ValueDump.dump(action)
  }

  /// The report for one action.
  @usableFromInline
  static func report(action: some Any, before: some Any, after: some Any) -> String {
    let indentedLabel = label(of: action).split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
    var report = "received action:\n\(indentedLabel)\n"
    if let diff = ValueDump.diff(before, after) {
      report += diff + "\n"
    } else {
      report += "  (No state changes)\n"
    }
    return report
  }

  /// Writes `text` to standard error.
  @usableFromInline
  static func writeToStandardError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }
}
