import Foundation
import Synchronization

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
  public var now: Date { generate() }

  /// The current date.
  public func callAsFunction() -> Date { generate() }
}

/// Produces UUIDs: random live, predictable in tests.
public struct UUIDGenerator: Sendable {
  private let generate: @Sendable () -> UUID

  /// A generator that calls `generate`.
  public init(_ generate: @escaping @Sendable () -> UUID) {
    self.generate = generate
  }

  /// A new UUID.
  public func callAsFunction() -> UUID { generate() }

  /// `00000000-0000-0000-0000-000000000000`, then `…0001`, `…0002`, and so on.
  public static var incrementing: Self {
    let counter = Counter()
    return Self {
      let value = counter.next()
      return UUID(uuidString: String(format: "00000000-0000-0000-0000-%012llX", value))!
    }
  }

  private final class Counter: Sendable {
    private let value = Mutex<UInt64>(0)
    func next() -> UInt64 {
      value.withLock { value in
        defer { value += 1 }
        return value
      }
    }
  }
}

/// A clock for tests that have not chosen one: using it reports a test failure, so a feature
/// that sleeps gets a ``TestClock`` or ``ImmediateClock`` on purpose.
public struct UnimplementedClock: Clock {
  /// The instant of the underlying continuous clock.
  public typealias Instant = ContinuousClock.Instant

  private let name: String

  /// A clock whose use reports that `name` is unimplemented.
  public init(name: String = "continuousClock") {
    self.name = name
  }

  /// Reports, then returns the real time.
  public var now: Instant {
    reportIssue("Unimplemented: the '\(name)' clock was asked for the time. Override it with a TestClock.")
    return ContinuousClock().now
  }

  /// Zero.
  public var minimumResolution: Duration { .zero }

  /// Reports, then throws ``UnimplementedError``.
  public func sleep(until deadline: Instant, tolerance: Duration?) async throws {
    reportIssue("Unimplemented: the '\(name)' clock was asked to sleep. Override it with a TestClock.")
    throw UnimplementedError(endpoint: "\(name).sleep")
  }
}

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ContinuousClock()
  static let testValue: any Clock<Duration> = UnimplementedClock()
}

private enum DateKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static var testValue: DateGenerator {
    DateGenerator {
      reportIssue("Unimplemented: the 'date' dependency was used. Override it with DateGenerator.constant(…).")
      return Date()
    }
  }
}

private enum UUIDKey: DependencyKey {
  static let liveValue = UUIDGenerator { UUID() }
  static var testValue: UUIDGenerator { .incrementing }
}

extension DependencyValues {
  /// The clock features sleep on: `ContinuousClock()` live; in tests an ``UnimplementedClock``
  /// that fails when used, so tests pass a ``TestClock``.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// The current date: `Date()` live; in tests a generator that fails when used.
  public var date: DateGenerator {
    get { self[DateKey.self] }
    set { self[DateKey.self] = newValue }
  }

  /// UUIDs: random live; in tests ``UUIDGenerator/incrementing``.
  public var uuid: UUIDGenerator {
    get { self[UUIDKey.self] }
    set { self[UUIDKey.self] = newValue }
  }
}
