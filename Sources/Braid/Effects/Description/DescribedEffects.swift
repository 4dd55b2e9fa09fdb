/// The effects a store whose effects are described stood in for (a test store's described mode,
/// an exploration): each with
/// its subscriber and whether it is still running, and the starts and cancellations the test
/// has not asserted yet, in the order the store made them.
///
/// Starts and cancellations are recorded synchronously on the store's isolation, as the store
/// starts or cancels the effect, so their order is the store's.
package final class DescribedEffects<Action: Sendable>: Sendable {
  package typealias Status = DescribedEffectStatus

  /// A start, a cancellation or a client command the test has not asserted.
  package enum Event: Sendable, CustomStringConvertible {
    case started(DescribedEffect)
    case cancelled(DescribedEffect)
    /// A client command (such as a location manager's `requestLocation`) that reached the
    /// effect holding its id: the command's resource type is the second value.
    case commanded(DescribedEffect, String)

    package var description: String {
      switch self {
      case .started(let effect): "started \(effect)"
      case .cancelled(let effect): "cancelled \(effect)"
      case .commanded(let effect, let resource): "a \(resource) command to \(effect)"
      }
    }
  }

  private struct Entry: Sendable {
    let effect: DescribedEffect
    let context: EffectLeafContext
    let subscriber: EffectSubscriber<Action>
    var status = Status.running
  }

  private struct State: Sendable {
    var entries: [Int: Entry] = [:]
    var unasserted: [Event] = []
    /// How many events were ever recorded, asserted or not.
    var recorded = 0

    mutating func note(_ event: Event) {
      unasserted.append(event)
      recorded += 1
    }
  }

  private let state = SanitizerVisibleMutex(State())
  /// Whether client commands are taken as held whatever holds them, and not recorded: for a
  /// replay that starts no mount hook, where the effect holding a command's resource never
  /// started.
  private let ignoresCommands: Bool

  /// An empty record.
  ///
  /// - Parameter ignoresCommands: Takes every client command as held, without recording it.
  package init(ignoresCommands: Bool = false) {
    self.ignoresCommands = ignoresCommands
  }

  /// The client of a described effect (see `Effect.described(by:)`): records its start and
  /// returns the teardown that records its cancellation.
  package func start(
    _ part: EffectObserver.Part, context: EffectLeafContext, subscriber: EffectSubscriber<Action>,
    startedBy: @autoclosure () -> String
  ) -> AnyCancellable {
    started(part, context: context, subscriber: subscriber, startedBy: startedBy()).teardown
  }

  /// Records a start as ``start(_:context:subscriber:startedBy:)`` does, and returns the
  /// effect recorded with its teardown.
  package func started(
    _ part: EffectObserver.Part, context: EffectLeafContext, subscriber: EffectSubscriber<Action>,
    startedBy: @autoclosure () -> String
  ) -> (effect: DescribedEffect, teardown: AnyCancellable) {
    let label = startedBy()
    let effect = state.withLock { state -> DescribedEffect in
      let effect = DescribedEffect(
        number: state.entries.count + 1, kind: part == .subscribe ? .subscribe : .run,
        cancellationIDs: context.printedCancellationIDs, startedBy: label, timing: context.timing)
      state.entries[effect.number] = Entry(effect: effect, context: context, subscriber: subscriber)
      state.note(.started(effect))
      return effect
    }
    return (effect, AnyCancellable { [self] in tornDown(effect.number) })
  }

  /// Records a client command that started in `scope`, made where the effect holding its
  /// resource is described: it reaches the newest running described effect that holds its id
  /// in that scope. Returns `false` when none does (the command would have found no resource).
  package func command(_ command: EffectCommand, in scope: EffectScope) -> Bool {
    if ignoresCommands { return true }
    return state.withLock { state in
      let target = state.entries.values
        .filter { $0.status == .running && command.reaches($0.context, startedIn: $0.subscriber.scope, from: scope) }
        .max { $0.effect.number < $1.effect.number }
      guard let target else { return false }
      state.note(.commanded(target.effect, command.resource))
      return true
    }
  }

  /// The teardown ran: a cancellation, unless the test completed the effect first.
  private func tornDown(_ number: Int) {
    state.withLock { state in
      guard let entry = state.entries[number], entry.status == .running else { return }
      state.entries[number]?.status = .cancelled
      state.note(.cancelled(entry.effect))
    }
  }

  /// The status of `effect` and its subscriber; `nil` for an effect this store never described.
  package func entry(for effect: DescribedEffect) -> (Status, EffectSubscriber<Action>)? {
    state.withLock { state in
      state.entries[effect.number].flatMap { $0.effect == effect ? ($0.status, $0.subscriber) : nil }
    }
  }

  /// Marks `effect` completed and returns its subscriber, or returns its status when it was
  /// not running.
  package func complete(_ effect: DescribedEffect) -> Result<EffectSubscriber<Action>, DescribedEffectMisuse> {
    state.withLock { state in
      guard let entry = state.entries[effect.number], entry.effect == effect else { return .failure(.unknown) }
      guard entry.status == .running else { return .failure(.ended(entry.status)) }
      state.entries[effect.number]?.status = .completed
      return .success(entry.subscriber)
    }
  }

  /// Removes and returns the oldest unasserted start, cancellation or command.
  package func removeFirstUnasserted() -> Event? {
    state.withLock { state in state.unasserted.isEmpty ? nil : state.unasserted.removeFirst() }
  }

  /// The starts, cancellations and commands not yet asserted, oldest first.
  package var unasserted: [Event] { state.withLock { $0.unasserted } }

  /// How many starts, cancellations and commands were recorded so far, asserted or not: a mark
  /// for ``removeUnasserted(before:)``.
  package var recordedCount: Int { state.withLock { $0.recorded } }

  /// Removes and returns the unasserted events recorded before `mark` (a ``recordedCount``
  /// read earlier), oldest first.
  package func removeUnasserted(before mark: Int) -> [Event] {
    state.withLock { state in
      // The unasserted events are the newest ones: the first is number `recorded - count`.
      let count = min(state.unasserted.count, max(0, mark - (state.recorded - state.unasserted.count)))
      defer { state.unasserted.removeFirst(count) }
      return Array(state.unasserted.prefix(count))
    }
  }

  /// Drops every unasserted start, cancellation and command.
  package func removeAllUnasserted() {
    state.withLock { $0.unasserted.removeAll() }
  }

  /// The effects neither completed nor cancelled, oldest first.
  package var running: [DescribedEffect] {
    state.withLock { state in
      state.entries.values.filter { $0.status == .running }.map(\.effect).sorted { $0.number < $1.number }
    }
  }
}

/// Where a described effect stands.
package enum DescribedEffectStatus: Sendable {
  case running
  case completed
  case cancelled
}

/// Why a described effect cannot be answered or completed.
package enum DescribedEffectMisuse: Error {
  /// The effect is not one this test store described.
  case unknown
  /// The effect was completed or cancelled already.
  case ended(DescribedEffectStatus)
}
