import Braid

/// The effects of a walk whose effects run, as its invariants see them: each asynchronous part
/// from its start (when the store starts it) to its end (when its task has finished or been
/// cancelled), numbered in start order and described as a described store would describe it.
final class ExplorationRunningEffects: Sendable {
  private struct Effects {
    var next = 0
    var running: [UInt64: DescribedEffect] = [:]
    var started: [[String]] = []
  }

  private let effects = SanitizerVisibleMutex(Effects())

  /// The observer that keeps the record, for the effects `startedBy` returns.
  func observer(startedBy: @escaping @Sendable () -> String) -> EffectObserver {
    EffectObserver(
      start: { [effects] part, context in
        let ids = context.printedCancellationIDs
        let label = startedBy()
        let kind: DescribedEffect.Kind = if case .subscribe = part { .subscribe } else { .run }
        return effects.withLock { effects in
          effects.next += 1
          effects.running[UInt64(effects.next)] = DescribedEffect(
            number: effects.next, kind: kind, cancellationIDs: ids, startedBy: label)
          effects.started.append(ids)
          return UInt64(effects.next)
        }
      },
      end: { [effects] token, _ in
        // A subscription's end may come twice; the second finds nothing.
        _ = effects.withLock { $0.running.removeValue(forKey: token) }
      })
  }

  /// The effects running now, oldest first.
  var running: [DescribedEffect] {
    effects.withLock { $0.running.values.sorted { $0.number < $1.number } }
  }

  /// The cancellation ids of each effect started since the last call, in start order.
  func takeStarted() -> [[String]] {
    effects.withLock { effects in
      defer { effects.started.removeAll() }
      return effects.started
    }
  }
}
