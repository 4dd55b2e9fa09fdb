import Foundation

/// Produces the current date: `Date()` live, a fixed date you choose in tests.
public struct DateGenerator: Sendable {
  private let generate: @Sendable () -> Date

  /// A generator that calls `generate`.
  public init(_ generate: @escaping @Sendable () -> Date) {
    self.generate = generate
  }

  /// A generator that always returns `date`.
  public static func constant(_ date: Date) -> Self { Self { date } }

  /// The current date.
  public var now: Date { callAsFunction() }

  /// The current date.
  public func callAsFunction() -> Date {
    let date = generate()
    ReducerDependencyReads.report(.date(date))
    return date
  }
}
