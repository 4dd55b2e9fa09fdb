import Braid

/// What a ``TestStore`` learns from the store it drives: the state after each action, which
/// actions arrived from effects, and which effects are still running (and for which action).
///
/// Actions and states come from the harness's reduction log (``record(_:state:)``), the effects
/// in flight from the observer the harness puts on each effect: the store's stream does not say
/// when an effect's task begins running, which `letEffectsStart` waits for.
final class TestStoreRecorder<State, Action: Sendable>: @unchecked Sendable {
  // @unchecked: `inFlight` and `unasserted` are `Sendable`; the `var`s are touched only on the
  // feature's actor, by the test store's steps and by action and state events, which the store
  // delivers inside its sends, on that actor.
  init(initialState: StateSnapshot<State>, described: DescribedEffects<Action>?) {
    lastRecorded = initialState
    self.described = described
  }

  /// The effects a described test store stands in for: each received action notes how many
  /// of their events came before it.
  private let described: DescribedEffects<Action>?

  /// Set while the test's own `send` is being reduced; the next reduced action is the test's.
  var awaitingTestAction = false
  /// The state right after the test's action was reduced.
  var stateAfterTestAction: StateSnapshot<State>?
  /// Actions fed back by effects, with the state right after each, not yet asserted.
  var received: [ReceivedAction<Action, State>] = []
  /// How many actions effects have fed back so far, asserted or not.
  private(set) var receivedTotal = 0
  /// Effects in flight, with a label of the action that started each.
  let inFlight = InFlightEffects()
  /// The received actions not yet asserted (stale ones already failed), readable from the test
  /// store's `deinit`, on any thread. Kept in step with `received` by the methods below, each
  /// O(1): mirroring every change of `received` by copying it cost a third of a TestStore step
  /// (the TestStore step row of Benchmarks/instructions.sh).
  let unasserted = UnassertedActions<Action>()

  /// Removes and returns the oldest received action.
  func removeFirstReceived() -> ReceivedAction<Action, State> {
    let first = received.removeFirst()
    // Stale actions, always the oldest, are not in `unasserted`.
    if !first.isStale { unasserted.removeFirst() }
    return first
  }

  /// Removes every received action.
  func removeAllReceived() {
    received.removeAll()
    unasserted.removeAll()
  }

  /// Marks every received action stale: the test moved past them (a failure already).
  func markReceivedStale() {
    for index in received.indices { received[index].isStale = true }
    unasserted.removeAll()
  }

  /// The snapshot the last reduced action left (the initial state's, before the first): the
  /// state the next action is reduced from, so one snapshot per action serves as the state after
  /// it and before the next. A change made between the two (an effect writing through an object
  /// in state) shows as a change of the next action, which its assertion must then account for.
  private var lastRecorded: StateSnapshot<State>

  /// Records `action`, reduced, and the state it left.
  func record(_ action: Action, state after: State) {
    // A snapshot, not a copy: a class in state changed in place would change a copy too.
    let state = StateSnapshot(after)
    let before = lastRecorded
    lastRecorded = state
    if awaitingTestAction {
      awaitingTestAction = false
      stateAfterTestAction = state
    } else {
      received.append(
        ReceivedAction(
          action: action, before: before, state: state, describedEventsBefore: described?.recordedCount ?? 0))
      receivedTotal += 1
      unasserted.append(action)
    }
  }
}

/// An action an effect fed back, with the state before and after the store reduced it.
struct ReceivedAction<Action, State> {
  let action: Action
  let before: StateSnapshot<State>
  let state: StateSnapshot<State>
  /// How many described effect events were recorded before the action's effects started: those
  /// are the steps before it, to be asserted before it is received.
  let describedEventsBefore: Int
  /// Left unhandled when the test sent its next action (a failure then): the test has moved
  /// past it, but may still `receive` it, as TCA allows; its assertion runs on its own states.
  var isStale = false
}

final class InFlightEffects: Sendable {
  private struct State {
    var next: UInt64 = 0
    /// Labels are made when read, for a failure message: describing every action as it is
    /// reduced was half of a TestStore step (the TestStore step row of
    /// Benchmarks/instructions.sh).
    var labels: [UInt64: @Sendable () -> String] = [:]
    var notYetRunning: Set<UInt64> = []
    /// Effects the test skipped: still running, no longer tracked.
    var skipped: Set<UInt64> = []
  }

  private let effects = SanitizerVisibleMutex(State())

  /// An observer that tracks each asynchronous part of an effect started by `label`.
  func observer(label: @escaping @autoclosure @Sendable () -> String) -> EffectObserver {
    EffectObserver(
      start: { _, _ in self.start(label) },
      run: { self.run($0) },
      end: { token, _ in self.end(token) })
  }

  func start(_ label: @escaping @Sendable () -> String) -> UInt64 {
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
    effects.withLock { state in state.labels.sorted { $0.key < $1.key }.map(\.value) }.map { $0() }
  }

  var isEmpty: Bool { effects.withLock { $0.labels.isEmpty } }
}

/// The actions a ``TestStore`` received and the test has not asserted, kept where its release
/// check can read them from any thread.
final class UnassertedActions<Action: Sendable>: Sendable {
  private let actions = SanitizerVisibleMutex<[Action]>([])

  func append(_ action: Action) {
    actions.withLock { $0.append(action) }
  }

  func removeFirst() {
    actions.withLock { actions in
      if !actions.isEmpty { actions.removeFirst() }
    }
  }

  func removeAll() {
    actions.withLock { actions in
      if !actions.isEmpty { actions.removeAll() }
    }
  }

  var values: [Action] { actions.withLock { $0 } }
}
