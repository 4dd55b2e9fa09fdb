import Synchronization

/// The shared values a test store's assertion closure reads and writes, in place of the live
/// ones.
///
/// A ``Shared`` in a feature's state is a reference: the state before a step and the expected
/// state that an assertion closure builds hold the same live value. While the closure runs,
/// reads and `withLock` mutations of every shared value go to a copy seeded with the values
/// the step started from, so `$0.$count.withLock { $0 = 1 }` states what the step should have
/// done without doing it, and an unasserted change shows as a difference.
package final class SharedAssertionValues: @unchecked Sendable {
  /// The values by their reference's identity. Touched only by the closure's thread.
  private var values: [ObjectIdentifier: Any]

  /// How many assertions are being checked in the process: reads look for assertion values
  /// only when there are some.
  private static let active = Atomic<Int>(0)

  @TaskLocal private static var current: SharedAssertionValues?

  /// Assertion values seeded with `values`, the shared values a step started from (as a
  /// ``ValueDump/ContentSnapshot`` of the state recorded them).
  package init(_ values: [ObjectIdentifier: Any]) {
    self.values = values
  }

  /// Runs `body` with every shared value read and mutated in these values.
  package func during<Result>(_ body: () throws -> Result) rethrows -> Result {
    Self.active.add(1, ordering: .relaxed)
    defer { Self.active.subtract(1, ordering: .relaxed) }
    return try Self.$current.withValue(self, operation: body)
  }

  /// Whether an assertion is being checked anywhere in the process: only then can a read or a
  /// mutation be one of an assertion's.
  @inline(__always)
  static var isActive: Bool { active.load(ordering: .relaxed) > 0 }

  /// The asserted value of reference `id`, when an assertion is being checked and holds it.
  static func value<Value>(of id: ObjectIdentifier, as _: Value.Type) -> Value? {
    guard active.load(ordering: .relaxed) > 0, let current, let value = current.values[id] else { return nil }
    return value as? Value
  }

  /// Runs `body` on the asserted value of reference `id` (its live value, from `current`, when
  /// the assertion has none yet) and keeps the result; `nil` when no assertion is being checked.
  static func mutate<Value, Result>(
    _ id: ObjectIdentifier, as _: Value.Type, current live: () -> Value, _ body: (inout Value) throws -> Result
  ) rethrows -> Result? {
    guard active.load(ordering: .relaxed) > 0, let current else { return nil }
    var value = (current.values[id] as? Value) ?? live()
    let result = try body(&value)
    current.values[id] = value
    return result
  }
}
