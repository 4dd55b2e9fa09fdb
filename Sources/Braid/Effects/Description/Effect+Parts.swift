/// One asynchronous part an effect starts when a store runs it, as its inspection reports the
/// start: what replay compares with a trace without running anything.
package struct EffectPart: Hashable, Sendable, CustomStringConvertible {
  /// `run`, `subscribe` or `concatenation`.
  package let kind: String
  /// The cancellation ids around it, outermost first, as printed.
  package let ids: [String]
  /// The timing operator that built it, if one did.
  package let timing: EffectTiming?

  package init(kind: String, ids: [String], timing: EffectTiming?) {
    self.kind = kind
    self.ids = ids
    self.timing = timing
  }

  package var description: String {
    kind + (ids.isEmpty ? "" : " under \(ids.joined(separator: ", "))") + (timing.map { ", \($0)" } ?? "")
  }
}

extension Effect {
  /// The parts this effect starts, in order, read from its structure without starting any; `nil`
  /// when a part is decided only as the store starts it (a `throttle`'s, or any
  /// `Effect.deferred`), which only a store can say.
  package var parts: [EffectPart]? {
    let found = SanitizerVisibleMutex((parts: [EffectPart](), decidedAtStart: false))
    _ = replacingLeaves(
      { leaf, context in
        let kind = leaf.kind == .run ? "run" : "subscribe"
        found.withLock {
          $0.parts.append(EffectPart(kind: kind, ids: context.printedCancellationIDs, timing: context.timing))
        }
        return .none
      },
      concatenate: { _, context in
        found.withLock {
          $0.parts.append(EffectPart(kind: "concatenation", ids: context.printedCancellationIDs, timing: nil))
        }
        return .none
      })
    if containsDeferred { return nil }
    return found.withLock { $0.parts }
  }

  /// Whether a part of this effect is built only as a store starts it.
  private var containsDeferred: Bool {
    guard case .boxed(let box) = storage else { return false }
    switch box.kind {
    case .deferred: return true
    case .merge, .concatenate:
      return unsafeDowncast(box, to: EffectListBox<Action>.self).effects.contains { $0.containsDeferred }
    case .cancellable: return unsafeDowncast(box, to: CancellableEffectBox<Action>.self).effect.containsDeferred
    case .scoped: return unsafeDowncast(box, to: ScopedEffectBox<Action>.self).effect.containsDeferred
    case .send, .cancel, .run, .subscribe: return false
    }
  }
}
