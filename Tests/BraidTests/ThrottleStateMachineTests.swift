import Testing

@testable import Braid

struct ThrottleStateMachineTests {
  typealias Instant = OffsetInstant<Duration>
  typealias Machine = ThrottleStateMachine<Instant>

  static func at(_ seconds: Int) -> Instant { Instant(offset: .seconds(seconds)) }

  @Test func firstArrivalStartsAndTheNextInTheWindowIsHeldUntilItEnds() {
    var machine = Machine()
    let step1 = machine.effectArrived(at: Self.at(0), window: .seconds(10), latest: true)
    #expect(step1 == .start)
    #expect(
      machine.effectArrived(at: Self.at(3), window: .seconds(10), latest: true)
        == .delay(until: Self.at(10), generation: 1))
    let step2 = machine.delayEnded(generation: 1, at: Self.at(10))
    #expect(step2)
    // The held-back effect opened a new window at 10.
    #expect(
      machine.effectArrived(at: Self.at(12), window: .seconds(10), latest: true)
        == .delay(until: Self.at(20), generation: 2))
  }

  @Test func latestReplacesTheHeldBackEffect() {
    var machine = Machine()
    _ = machine.effectArrived(at: Self.at(0), window: .seconds(10), latest: true)
    #expect(
      machine.effectArrived(at: Self.at(1), window: .seconds(10), latest: true)
        == .delay(until: Self.at(10), generation: 1))
    #expect(
      machine.effectArrived(at: Self.at(2), window: .seconds(10), latest: true)
        == .delay(until: Self.at(10), generation: 2))
    let step3 = machine.delayEnded(generation: 1, at: Self.at(10))
    #expect(!step3)
    let step4 = machine.delayEnded(generation: 2, at: Self.at(10))
    #expect(step4)
  }

  @Test func withoutLatestLaterArrivalsAreDroppedWhileOneIsHeld() {
    var machine = Machine()
    _ = machine.effectArrived(at: Self.at(0), window: .seconds(10), latest: false)
    #expect(
      machine.effectArrived(at: Self.at(1), window: .seconds(10), latest: false)
        == .delay(until: Self.at(10), generation: 1))
    let step5 = machine.effectArrived(at: Self.at(2), window: .seconds(10), latest: false)
    #expect(step5 == .drop)
    let step6 = machine.delayEnded(generation: 1, at: Self.at(10))
    #expect(step6)
  }

  @Test func anArrivalAfterTheWindowStartsAndOutdatesAHeldBackEffect() {
    var machine = Machine()
    _ = machine.effectArrived(at: Self.at(0), window: .seconds(10), latest: true)
    _ = machine.effectArrived(at: Self.at(1), window: .seconds(10), latest: true)
    // The held-back effect was cancelled (or its task has not woken yet) when a new one arrives
    // after the window: the new one starts and the old generation never fires.
    let step7 = machine.effectArrived(at: Self.at(11), window: .seconds(10), latest: true)
    #expect(step7 == .start)
    let step8 = machine.delayEnded(generation: 1, at: Self.at(11))
    #expect(!step8)
    // Generations keep counting, so a later hold can never be mistaken for the outdated one.
    #expect(
      machine.effectArrived(at: Self.at(12), window: .seconds(10), latest: true)
        == .delay(until: Self.at(21), generation: 2))
  }

  @Test func windowsAreKeptPerIdAndClockType() {
    let windows = ThrottleWindows()
    let key = CancellationKey(path: [], id: AnyHashableSendable("scroll"))
    let other = CancellationKey(path: [], id: AnyHashableSendable("search"))
    #expect(windows.effectArrived(id: key, at: Self.at(0), window: .seconds(10), latest: true) == .start)
    #expect(windows.effectArrived(id: other, at: Self.at(1), window: .seconds(10), latest: true) == .start)
    // The same id measured by another kind of clock is another window, never a failed cast.
    let continuous = ContinuousClock.now
    #expect(windows.effectArrived(id: key, at: continuous, window: .seconds(10), latest: true) == .start)
    #expect(windows.count == 3)
    #expect(!windows.delayEnded(id: key, generation: 7, at: continuous))
    windows.removeAll()
    #expect(windows.count == 0)
    #expect(!windows.delayEnded(id: key, generation: 1, at: Self.at(10)))
  }
}
