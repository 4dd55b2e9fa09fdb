import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// A delegate-style client's commands in `TestStore(effects: .described)`: the effect that
/// would keep the resource is described, so a command reaches it as data, asserted with
/// `effectCommanded`, or fails the test when no described effect holds its id.
@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreDescribedCommandsTests {
  /// A radio: `on` creates its receiver under an id, `tune` commands it, `off` cancels it. The
  /// receiver's body and commands fail the test if they run.
  struct Radio: Reducer {
    struct State: Equatable, Sendable {
      var station = 0
      var isOn = false
    }
    enum Action: Equatable, Sendable {
      case on
      case tune(Int)
      case off
      case heard(String)
    }
    struct ReceiverID: Hashable, Sendable {}
    static let receivers = EffectResources<EffectSubscriber<Action>>()

    var body: some Reducer<State, Action> {
      Reduce { state, action in
        switch action {
        case .on:
          state.isOn = true
          return .subscribe { subscriber in
            Issue.record("a described subscription subscribed")
            return Self.receivers.insert(subscriber, for: ReceiverID(), subscriber: subscriber)
          }
          .cancellable(id: ReceiverID(), cancelInFlight: true)
        case .tune(let station):
          state.station = station
          return Self.receivers.command(ReceiverID()) { _ in Issue.record("a described command ran") }
            .fireAndForget()
        case .off:
          state.isOn = false
          return .cancel(id: ReceiverID())
        case .heard:
          return .none
        }
      }
    }
  }

  @Test func aCommandReachesTheDescribedEffectHoldingItsID() async {
    let store = TestStore(initialState: Radio.State(), effects: .described) { Radio() }
    await store.send(.on) { $0.isOn = true }
    let receiver = store.effectStarted(.subscribe, ids: ["ReceiverID()"])
    await store.send(.tune(7)) { $0.station = 7 }
    store.effectCommanded(receiver)
    await store.send(.off) { $0.isOn = false }
    store.effectCancelled(receiver)
    await store.finish()
    #expect(Radio.receivers.count == 0)
  }

  @Test func anUnassertedCommandFailsTheNextSend() async {
    let store = TestStore(initialState: Radio.State(), effects: .described) { Radio() }
    await store.send(.on) { $0.isOn = true }
    let receiver = store.effectStarted(.subscribe, ids: ["ReceiverID()"])
    await store.send(.tune(7)) { $0.station = 7 }
    let messages = await recordedFailures {
      await store.send(.off) { $0.isOn = false }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.contains("a EffectSubscriber<Action> command to effect #1") == true)
    store.effectCancelled(receiver)
    await store.finish()
  }

  @Test func aCommandWithNoDescribedEffectFailsAsWhenRun() async {
    let store = TestStore(initialState: Radio.State(), effects: .described) { Radio() }
    let messages = await recordedFailures {
      await store.send(.tune(3)) { $0.station = 3 }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("No effect with id ReceiverID() holds a EffectSubscriber<Action>") == true)
    await store.finish()
  }

  @Test func aCommandAfterItsEffectWasCancelledReachesNothing() async {
    let store = TestStore(initialState: Radio.State(), effects: .described) { Radio() }
    await store.send(.on) { $0.isOn = true }
    let receiver = store.effectStarted(.subscribe, ids: ["ReceiverID()"])
    await store.send(.off) { $0.isOn = false }
    store.effectCancelled(receiver)
    let messages = await recordedFailures {
      await store.send(.tune(5)) { $0.station = 5 }
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasPrefix("No effect with id ReceiverID()") == true)
    await store.finish()
  }

  @Test func assertingACommandThatDidNotComeFails() async {
    let store = TestStore(initialState: Radio.State(), effects: .described) { Radio() }
    await store.send(.on) { $0.isOn = true }
    let receiver = store.effectStarted(.subscribe, ids: ["ReceiverID()"])
    let messages = await recordedFailures {
      store.effectCommanded(receiver)
    }
    #expect(messages.count == 1)
    #expect(messages.first?.hasSuffix("but no command reached it that was not asserted already.") == true)
    await store.send(.off) { $0.isOn = false }
    store.effectCancelled(receiver)
    await store.finish()
  }
}
