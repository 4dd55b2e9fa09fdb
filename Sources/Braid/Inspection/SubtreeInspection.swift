import Synchronization

/// A ``StoreInspector`` attached to part of a reducer with ``Reducer/inspect(_:)``, as that
/// reducer drives it: numbers and delivers events as a store does (one at a time, in order), and
/// reports each effect the reducer returns through an ``EffectObserver``.
final class SubtreeInspection<State, Action: Sendable>: Sendable {
  private let inspection: StoreInspection<State, Action>
  /// The effects started and not yet ended, with their paths; and those that reported a
  /// failure (a client may complete with one twice).
  private let effects = SanitizerVisibleMutex<(open: [Int: [AnyHashableSendable]], failed: Set<Int>)>(([:], []))

  init(_ inspector: StoreInspector<State, Action>) {
    inspection = StoreInspection(inspector)
  }

  var needsStateBefore: Bool { inspection.needsStateBefore }

  /// Emits through the subtree's inspection. Its events come while the store's reducer runs, so
  /// what the inspector reads to stamp and hear them (its `TestClock`) would be reported as the
  /// reducer's dependency reads to an inspector of the store: those reads are kept out.
  @discardableResult
  private func emit(_ kind: StoreEvent<State, Action>.Kind, path: [AnyHashableSendable] = []) -> UInt64 {
    ReducerDependencyReads.outsideReductions { inspection.emit(kind, path: path) }
  }

  /// Reports that `action` is about to be reduced, and returns its sequence number.
  func willReduce(_ action: Action) -> UInt64 {
    emit(.action(action, origin: .unknown))
  }

  /// Reports the state the reducer left.
  func didReduce(before: State?, after: State) {
    emit(.state(before: before, after: after))
  }

  /// Reports each asynchronous part of an effect returned for the action numbered `action`
  /// (`nil` for a mount or dismount hook's effect).
  func observer(action: UInt64?) -> EffectObserver {
    EffectObserver(
      start: { part, context in
        let effect = self.inspection.nextEffectNumber()
        self.effects.withLock { $0.open[effect] = context.path }
        let kind: StoreEvent<State, Action>.EffectKind =
          switch part {
          case .run: .run
          case .subscribe: .subscribe
          case .concatenation: .concatenation
          }
        self.emit(
          .effectStarted(
            .init(
              effect: effect, kind: kind, cancellationIDs: context.printedCancellationIDs, action: action,
              // A subtree sees the effects its reducer returns; one started inside their tasks
              // is part of them.
              parentEffect: nil, timing: nil)),
          path: context.path)
        return UInt64(effect)
      },
      fail: { token, error in
        let effect = Int(token)
        let path = self.effects.withLock { effects -> [AnyHashableSendable]? in
          guard let path = effects.open[effect], effects.failed.insert(effect).inserted else { return nil }
          return path
        }
        if let path { self.emit(.effectFailed(effect: effect, error: error), path: path) }
      },
      end: { token, cancelled in
        let effect = Int(token)
        let path = self.effects.withLock { effects -> [AnyHashableSendable]? in
          effects.failed.remove(effect)
          return effects.open.removeValue(forKey: effect)
        }
        guard let path else { return }
        self.emit(cancelled ? .effectCancelled(effect: effect) : .effectFinished(effect: effect), path: path)
      }
    )
  }
}
