import Braid
import BraidTestSupport
import Foundation
import Testing

/// A client with one endpoint of each common shape, its test value one `unimplemented` a line.
struct EveryShapeClient: Sendable {
  var value: @Sendable (Int) -> String
  var asyncValue: @Sendable (Int) async -> String
  var throwing: @Sendable (Int) throws -> String
  var asyncThrowing: @Sendable (Int) async throws -> String
  var action: @Sendable (Int) -> Void
  var asyncAction: @Sendable () async -> Void
  var throwingAction: @Sendable () async throws -> Void

  static let unimplementedValue = EveryShapeClient(
    value: unimplemented("value", placeholder: "none"),
    asyncValue: unimplemented("asyncValue", placeholder: "none"),
    throwing: unimplemented("throwing"),
    asyncThrowing: unimplemented("asyncThrowing"),
    action: unimplemented("action"),
    asyncAction: unimplemented("asyncAction"),
    throwingAction: unimplemented("throwingAction")
  )
}

struct BuiltInDependencyTests {
  /// Runs `body` and returns the messages of the issues it reported.
  static func issues(_ body: () async throws -> Void) async rethrows -> [String] {
    let issues = Recorder<IssueReporting.Issue>()
    try await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      try await body()
    }
    return issues.values.map(\.message)
  }

  @Test func unimplementedCoversEveryEndpointShape() async {
    let client = EveryShapeClient.unimplementedValue
    var results: [String] = []
    let messages = await Self.issues {
      results.append(client.value(1))
      results.append(await client.asyncValue(1))
      results.append(
        String(describing: #expect(throws: UnimplementedError(endpoint: "throwing")) { try client.throwing(1) }))
      await #expect(throws: UnimplementedError(endpoint: "asyncThrowing")) { try await client.asyncThrowing(1) }
      client.action(1)
      await client.asyncAction()
      await #expect(throws: UnimplementedError(endpoint: "throwingAction")) { try await client.throwingAction() }
    }
    #expect(results.prefix(2) == ["none", "none"])
    #expect(
      messages == [
        "Unimplemented: 'value' was called.", "Unimplemented: 'asyncValue' was called.",
        "Unimplemented: 'throwing' was called.", "Unimplemented: 'asyncThrowing' was called.",
        "Unimplemented: 'action' was called.", "Unimplemented: 'asyncAction' was called.",
        "Unimplemented: 'throwingAction' was called.",
      ])
  }

  @Test func localeLikeTestValuesReportAndFallBackToFixedValues() async {
    var values: (calendar: Calendar, locale: Locale, timeZone: TimeZone)?
    let messages = await Self.issues {
      withDependencies { _ in
      } operation: {
        values = (DependencyValues.current.calendar, DependencyValues.current.locale, DependencyValues.current.timeZone)
        // Cached for the scope: a second read reports nothing more.
        _ = DependencyValues.current.timeZone
      }
    }
    #expect(
      messages == [
        "Unimplemented: the 'calendar' dependency was used. Override it with a fixed Calendar.",
        "Unimplemented: the 'locale' dependency was used. Override it with a fixed Locale.",
        "Unimplemented: the 'timeZone' dependency was used. Override it with a fixed TimeZone.",
      ])
    #expect(values?.timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == 0)
    #expect(values?.locale.identifier == "en_US_POSIX")
    #expect(values?.calendar.identifier == .gregorian)
    #expect(values?.calendar.timeZone == values?.timeZone)
  }

  @Test func liveValuesOfTheNewBuiltIns() {
    withDependencies {
      $0.context = .live
    } operation: {
      // A suspending clock's own instants (the live value also reports reads to a recording).
      #expect(DependencyValues.current.suspendingClock.now is SuspendingClock.Instant)
      #expect(DependencyValues.current.continuousClock.now is ContinuousClock.Instant)
      #expect(DependencyValues.current.timeZone == TimeZone.autoupdatingCurrent)
      let roll = DependencyValues.current.withRandomNumberGenerator { Int.random(in: 1...6, using: &$0) }
      #expect((1...6).contains(roll))
    }
  }

  @Test func suspendingClockIsUnimplementedInTestsThenBehavesLikeARealClock() async throws {
    let clock = withDependencies { _ in
    } operation: {
      DependencyValues.current.suspendingClock
    }
    let messages = try await Self.issues {
      try await clock.sleep(for: .milliseconds(1))
    }
    // `sleep(for:)` asks for the time first; then the sleep really happens, without throwing.
    #expect(
      messages == [
        "Unimplemented: the 'suspendingClock' clock was asked for the time. Override it with a TestClock.",
        "Unimplemented: the 'suspendingClock' clock was asked to sleep. Override it with a TestClock.",
      ])
  }

  @Test func aSeededGeneratorRepeatsItsSequence() {
    func rolls(_ generator: WithRandomNumberGenerator) -> [Int] {
      (0..<8).map { _ in generator { Int.random(in: 1...1000, using: &$0) } }
    }
    #expect(rolls(.seeded(42)) == rolls(.seeded(42)))
    #expect(rolls(.seeded(42)) != rolls(.seeded(43)))
    let messages = withDependencies { _ in
    } operation: { () -> [String] in
      let issues = Recorder<IssueReporting.Issue>()
      IssueReporting.withIssueHandler {
        issues.append($0)
      } operation: {
        _ = DependencyValues.current.withRandomNumberGenerator
      }
      return issues.values.map(\.message)
    }
    #expect(
      messages == [
        "Unimplemented: the 'withRandomNumberGenerator' dependency was used. Override it with WithRandomNumberGenerator.seeded(…)."
      ])
  }
}
