import Foundation

/// A value a reducer drew from a dependency while reducing, as a ``StoreInspector`` receives it:
/// what a replay must give the reducer again to reach the same state.
public enum DependencyRead: Sendable, Hashable, CustomStringConvertible {
  /// A UUID from ``DependencyValues/uuid``.
  case uuid(UUID)
  /// A date from ``DependencyValues/date``.
  case date(Date)
  /// The random bits one call of ``DependencyValues/withRandomNumberGenerator`` drew, in order.
  case randomNumbers([UInt64])
  /// A clock's `now`, as the time since the clock's zero: a ``TestClock``'s or an
  /// ``ImmediateClock``'s own zero; for the live ``DependencyValues/continuousClock`` and
  /// ``DependencyValues/suspendingClock``, the process's first use of that clock. A clock of
  /// another type (a `ContinuousClock()` set as the dependency by hand) reports nothing.
  case clockNow(Duration)

  /// The read on one line, such as `uuid 00000000-0000-0000-0000-000000000000`.
  public var description: String {
    switch self {
    case .uuid(let uuid): "uuid \(uuid.uuidString)"
    case .date(let date): "date \(date.timeIntervalSince1970)"
    case .randomNumbers(let numbers): "random numbers \(numbers)"
    case .clockNow(let offset): "clock now \(offset)"
    }
  }
}
