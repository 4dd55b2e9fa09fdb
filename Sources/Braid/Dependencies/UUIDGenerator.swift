import Foundation
import Synchronization

/// Produces UUIDs: random live, predictable in tests.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls `generate`.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// A new UUID.
  public func callAsFunction() -> UUID {
    let uuid = generate()
    ReducerDependencyReads.report(.uuid(uuid))
    return uuid
  }

  /// A generator that always returns `uuid`.
  ///
  /// - Parameter uuid: The UUID to return.
  /// - Returns: The generator.
  public static func constant(_ uuid: UUID) -> Self { Self { uuid } }

  /// `00000000-0000-0000-0000-000000000000`, then `…0001`, `…0002`, and so on.
  public static var incrementing: Self {
    let counter = Counter()
    return Self {
      let value = counter.next()
      return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llX", value))!
    }
  }

  private final class Counter: Sendable {
    private let value = SanitizerVisibleMutex<UInt64>(0)
    func next() -> UInt64 {
      value.withLock { value in
        defer { value += 1 }
        return value
      }
    }
  }
}
