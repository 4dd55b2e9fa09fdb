import Braid

/// What one run of a script did, step by step: each action in the order it was reduced with the
/// state after it, and the effects' starts, finishes, failures and cancellations, both as the
/// features log them and as the store's inspection stream reports them (see ``inspector()``).
/// Actions are recorded twice: by ``Tracing``, a reducer of the harness's own that the stream
/// cannot fool, and by the stream, which must agree with it.
///
/// Effect events of one step are compared as a multiset (their tasks race, so their order is not
/// defined): two effects started by the same step begin on the concurrent pool in either order.
/// Actions are compared in order.
final class TraceLog: Sendable {
  enum EffectEvent: String, Sendable {
    case started, finished, failed, cancelled
  }

  struct Step: Equatable, CustomStringConvertible {
    /// As the tracing reducer saw them.
    var reduced: [String] = []
    /// As the inspection stream reported them.
    var streamed: [String] = []
    var effects: [String: Int] = [:]

    var description: String {
      let effectList = effects.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
      let stream = streamed == reduced ? [] : ["the stream instead: "] + streamed
      return (reduced + stream + ["effects: " + effectList.joined(separator: ", ")])
        .joined(separator: "\n      ")
    }
  }

  private let steps = SanitizerVisibleMutex<[Step]>([Step()])
  /// The action the stream reported last, until its state comes; the effects it numbered.
  private let stream = SanitizerVisibleMutex<(action: String?, effects: [Int: String])>((nil, [:]))

  /// An inspector that records the store's actions, the state after each, and its effects'
  /// starts and ends (by kind, path and cancellation id, as `engine run rows[id: 0] TimerID()`).
  func inspector<State, Action>() -> StoreInspector<State, Action> {
    StoreInspector { [self] event in
      switch event.kind {
      case .action(let action, _):
        stream.withLock { $0.action = "\(action)" }
      case .state(_, let after):
        guard let action = stream.withLock({ $0.action.take() }) else { return }
        let line = "\(action) → \(after)"
        steps.withLock { $0[$0.count - 1].streamed.append(line) }
      case .effectStarted(let start):
        let place = event.path.isRoot ? [] : ["\(event.path)"]
        let ids = start.cancellationIDs.isEmpty ? [] : [start.cancellationIDs.joined(separator: "/")]
        let name = (["engine", start.kind.rawValue] + place + ids).joined(separator: " ")
        stream.withLock { $0.effects[start.effect] = name }
        effect(name, .started)
      case .effectFinished(let number): streamEffect(number, .finished)
      case .effectCancelled(let number): streamEffect(number, .cancelled)
      case .effectFailed(let number, _): streamEffect(number, .failed)
      default: break
      }
    }
  }

  private func streamEffect(_ number: Int, _ event: EffectEvent) {
    let name = stream.withLock { $0.effects[number] } ?? "engine effect \(number)"
    effect(name, event)
  }

  /// Starts the record of the next step.
  func beginStep() {
    steps.withLock { $0.append(Step()) }
  }

  /// Records a reduced action and the state after it.
  func reduced(_ action: some Sendable, state: some Any) {
    let line = "\(action) → \(state)"
    steps.withLock { $0[$0.count - 1].reduced.append(line) }
  }

  /// Records an effect's event.
  func effect(_ name: String, _ event: EffectEvent) {
    steps.withLock { $0[$0.count - 1].effects["\(name) \(event.rawValue)", default: 0] += 1 }
  }

  /// The steps so far; the first holds what happened before the first step.
  var trace: [Step] { steps.withLock { $0 } }
}

/// Records every action a feature reduces, with the state after it, in a ``TraceLog``.
struct Tracing<Base: Reducer>: Reducer where Base.Action: Sendable {
  let base: Base
  let log: TraceLog

  func reduce(into state: inout Base.State, action: Base.Action) -> Effect<Base.Action> {
    let effect = base.reduce(into: &state, action: action)
    log.reduced(action, state: state)
    return effect
  }
}

/// A callback-style client: listeners added with a token, values pushed by the script.
final class Feed: Sendable {
  private struct Listeners {
    var next = 0
    var byToken: [Int: @Sendable (Int) -> Void] = [:]
  }

  private let listeners = SanitizerVisibleMutex(Listeners())

  func add(_ listener: @escaping @Sendable (Int) -> Void) -> Int {
    listeners.withLock {
      $0.next += 1
      $0.byToken[$0.next] = listener
      return $0.next
    }
  }

  func remove(_ token: Int) {
    listeners.withLock { _ = $0.byToken.removeValue(forKey: token) }
  }

  /// Calls every listener with `value`, in the order they were added.
  func emit(_ value: Int) {
    let current = listeners.withLock { $0.byToken.sorted { $0.key < $1.key }.map(\.value) }
    for listener in current { listener(value) }
  }

  /// How many listeners are registered (a leak check for the child's subscription).
  var count: Int { listeners.withLock { $0.byToken.count } }
}
