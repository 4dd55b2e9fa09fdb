import Foundation

/// The step budgets of the long explorations: a tenth under `.ci/run`'s sanitizer passes, where
/// instrumented code runs 5–10 times slower and one test at a time; the plain pass walks them
/// in full.
enum ExplorationBudget {
  static let isSanitized = ProcessInfo.processInfo.environment["BRAID_SANITIZER"] != nil

  static func steps(_ full: Int) -> Int {
    isSanitized ? full / 10 : full
  }
}
