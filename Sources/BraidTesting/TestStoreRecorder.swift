import Braid

/// What a ``TestStore`` learns from the store it drives: the state after each action, which
/// actions arrived from effects, and which effects are still running (and for which action).
/// Used on the feature's actor only, by the reducer and by the test store's steps.
final class TestStoreRecorder<State, Action: Sendable> {
  /// Set while the test's own `send` is being reduced; the next reduced action is the test's.
  var awaitingTestAction = false
  /// The state right after the test's action was reduced.
  var stateAfterTestAction: State?
  /// Actions fed back by effects, with the state right after each, not yet asserted.
  var received: [ReceivedAction<Action, State>] = [] {
    didSet { unasserted.update(received.lazy.filter { !$0.isStale }.map(\.action)) }
  }
  /// Effects in flight, with a label of the action that started each.
  let inFlight = InFlightEffects()
  /// The received actions not yet asserted (stale ones already failed), readable from the test
  /// store's `deinit`, on any thread.
  let unasserted = UnassertedActions<Action>()

  func record(_ action: Action, before: State, state: State) {
    if awaitingTestAction {
      awaitingTestAction = false
      stateAfterTestAction = state
    } else {
      received.append(ReceivedAction(action: action, before: before, state: state))
    }
  }
}

/// An action an effect fed back, with the state before and after the store reduced it.
struct ReceivedAction<Action, State> {
  let action: Action
  let before: State
  let state: State
  /// Left unhandled when the test sent its next action (a failure then): the test has moved
  /// past it, but may still `receive` it, as TCA allows; its assertion runs on its own states.
  var isStale = false
}

final class InFlightEffects: Sendable {
  private struct State {
    var next: UInt64 = 0
    var labels: [UInt64: String] = [:]
    var notYetRunning: Set<UInt64> = []
    /// Effects the test skipped: still running, no longer tracked.
    var skipped: Set<UInt64> = []
  }

  private let effects = SanitizerVisibleMutex(State())

  func start(_ label: String) -> UInt64 {
    effects.withLock { state in
      state.next += 1
      state.labels[state.next] = label
      state.notYetRunning.insert(state.next)
      return state.next
    }
  }

  func run(_ token: UInt64) {
    effects.withLock { _ = $0.notYetRunning.remove(token) }
  }

  func end(_ token: UInt64) {
    effects.withLock { state in
      state.labels.removeValue(forKey: token)
      state.notYetRunning.remove(token)
      state.skipped.remove(token)
    }
  }

  /// Stops tracking every effect in flight; they keep running (TCA's `skipInFlightEffects`).
  func skipAll() {
    effects.withLock { state in
      state.skipped.formUnion(state.labels.keys)
      state.labels.removeAll()
      state.notYetRunning.removeAll()
    }
  }

  /// Skipped effects that have not ended yet.
  var skippedCount: Int { effects.withLock { $0.skipped.count } }

  /// Whether every effect started so far has begun running on its task.
  var allRunning: Bool { effects.withLock { $0.notYetRunning.isEmpty } }

  /// The labels of the effects still running, oldest first.
  var labels: [String] {
    effects.withLock { state in state.labels.sorted { $0.key < $1.key }.map(\.value) }
  }

  var isEmpty: Bool { effects.withLock { $0.labels.isEmpty } }
}

/// The actions a ``TestStore`` received and the test has not asserted, kept where its release
/// check can read them from any thread.
final class UnassertedActions<Action: Sendable>: Sendable {
  private let actions = SanitizerVisibleMutex<[Action]>([])

  func update(_ current: some Sequence<Action>) {
    let current = Array(current)
    actions.withLock { $0 = current }
  }

  var values: [Action] { actions.withLock { $0 } }
}
