import Foundation

private enum ContinuousClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ReadReportingClock(ContinuousClock())
  static let testValue: any Clock<Duration> = UnimplementedClock()
}

private enum DateKey: DependencyKey {
  static let liveValue = DateGenerator { Date() }
  static var testValue: DateGenerator {
    DateGenerator {
      reportMisuse("Unimplemented: the 'date' dependency was used. Override it with DateGenerator.constant(…).")
      return Date()
    }
  }
}

private enum UUIDKey: DependencyKey {
  static let liveValue = UUIDGenerator { UUID() }
  static var testValue: UUIDGenerator { .incrementing }
}

private enum SuspendingClockKey: DependencyKey {
  static let liveValue: any Clock<Duration> = ReadReportingClock(SuspendingClock())
  static let testValue: any Clock<Duration> = UnimplementedClock(name: "suspendingClock")
}

private enum CalendarKey: DependencyKey {
  static var liveValue: Calendar { .autoupdatingCurrent }
  static var testValue: Calendar {
    reportMisuse("Unimplemented: the 'calendar' dependency was used. Override it with a fixed Calendar.")
    return FixedValues.calendar
  }
}

private enum LocaleKey: DependencyKey {
  static var liveValue: Locale { .autoupdatingCurrent }
  static var testValue: Locale {
    reportMisuse("Unimplemented: the 'locale' dependency was used. Override it with a fixed Locale.")
    return FixedValues.locale
  }
}

private enum TimeZoneKey: DependencyKey {
  static var liveValue: TimeZone { .autoupdatingCurrent }
  static var testValue: TimeZone {
    reportMisuse("Unimplemented: the 'timeZone' dependency was used. Override it with a fixed TimeZone.")
    return FixedValues.timeZone
  }
}

private enum RandomNumberGeneratorKey: DependencyKey {
  static var liveValue: WithRandomNumberGenerator { WithRandomNumberGenerator(SystemRandomNumberGenerator()) }
  static var testValue: WithRandomNumberGenerator {
    reportMisuse(
      "Unimplemented: the 'withRandomNumberGenerator' dependency was used. Override it with WithRandomNumberGenerator.seeded(…)."
    )
    return .seeded(0)
  }
}

/// What the test values of the locale-like built-ins fall back to after reporting: the same on
/// every machine.
private enum FixedValues {
  static let timeZone = TimeZone(identifier: "UTC")!
  static let locale = Locale(identifier: "en_US_POSIX")
  static var calendar: Calendar {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    calendar.locale = locale
    return calendar
  }
}

extension DependencyValues {
  /// The clock features sleep on: a `ContinuousClock` live, with its own instants, whose `now`
  /// read while a store with an inspector reduces is reported as a
  /// ``DependencyRead/clockNow(_:)``; in tests an ``UnimplementedClock`` that fails when used,
  /// so tests pass a ``TestClock``.
  public var continuousClock: any Clock<Duration> {
    get { self[ContinuousClockKey.self] }
    set { self[ContinuousClockKey.self] = newValue }
  }

  /// The current date: `Date()` live; in tests a generator that fails when used.
  public var date: DateGenerator {
    get { self[DateKey.self] }
    set { self[DateKey.self] = newValue }
  }

  /// UUIDs: random live; in tests ``UUIDGenerator/incrementing``, counting once per test scope
  /// (a `TestStore`, a `Store` or a `withDependencies` opened by the test), and once per process
  /// where no scope is open.
  public var uuid: UUIDGenerator {
    get { self[UUIDKey.self] }
    set { self[UUIDKey.self] = newValue }
  }

  /// A clock that does not advance while the machine sleeps: a `SuspendingClock` live, reporting
  /// its `now` reads as ``continuousClock`` does; in tests an ``UnimplementedClock`` that fails
  /// when used.
  public var suspendingClock: any Clock<Duration> {
    get { self[SuspendingClockKey.self] }
    set { self[SuspendingClockKey.self] = newValue }
  }

  /// The user's calendar: `Calendar.autoupdatingCurrent` live; in tests a Gregorian calendar in
  /// UTC, after reporting that the test did not set one.
  public var calendar: Calendar {
    get { self[CalendarKey.self] }
    set { self[CalendarKey.self] = newValue }
  }

  /// The user's locale: `Locale.autoupdatingCurrent` live; in tests `en_US_POSIX`, after
  /// reporting that the test did not set one.
  public var locale: Locale {
    get { self[LocaleKey.self] }
    set { self[LocaleKey.self] = newValue }
  }

  /// The user's time zone: `TimeZone.autoupdatingCurrent` live; in tests UTC, after reporting
  /// that the test did not set one.
  public var timeZone: TimeZone {
    get { self[TimeZoneKey.self] }
    set { self[TimeZoneKey.self] = newValue }
  }

  /// The random number generator: the system's live; in tests a generator seeded with 0, after
  /// reporting that the test did not set one.
  public var withRandomNumberGenerator: WithRandomNumberGenerator {
    get { self[RandomNumberGeneratorKey.self] }
    set { self[RandomNumberGeneratorKey.self] = newValue }
  }
}
