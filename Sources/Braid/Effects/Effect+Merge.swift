extension Effect {
  /// An effect that starts every effect in `effects` at once.
  ///
  /// Synchronous parts (``send(_:)``, ``cancel(id:)``) take effect in the order given.
  /// Merging ``none`` effects costs next to nothing: they are dropped here.
  ///
  /// - Parameter effects: The effects to run together.
  @inlinable
  public static func merge(_ effects: Effect...) -> Self {
    merge(effects)
  }

  /// An effect that starts every effect in `effects` at once.
  ///
  /// - Parameter effects: The effects to run together.
  @inlinable
  public static func merge(_ effects: some Sequence<Effect>) -> Self {
    // Nothing to merge, checked over contiguous storage first: a tight loop, stopping at the
    // first effect that is not `.none`.
    let allNone = effects.withContiguousStorageIfAvailable { buffer in
      buffer.allSatisfy { if case .none = $0.storage { true } else { false } }
    }
    if allNone == true { return .none }
    var kept: [Effect] = []
    for effect in effects where !effect.isNone {
      if case .boxed(let box) = effect.storage, box.kind == .merge {
        kept.append(contentsOf: unsafeDowncast(box, to: EffectListBox<Action>.self).effects)
      } else {
        kept.append(effect)
      }
    }
    switch kept.count {
    case 0: return .none
    case 1: return kept[0]
    default: return Self(box: EffectListBox(kind: .merge, kept))
    }
  }

  /// This effect and `other`, running at once.
  ///
  /// - Parameter other: The effect to run alongside this one.
  @inlinable
  public func merge(with other: Effect) -> Self {
    if other.isNone { return self }
    if isNone { return other }
    return .merge([self, other])
  }

  /// An effect that runs each effect in `effects` to completion before starting the next.
  ///
  /// - Parameter effects: The effects to run in order.
  @inlinable
  public static func concatenate(_ effects: Effect...) -> Self {
    concatenate(effects)
  }

  /// An effect that runs each effect in `effects` to completion before starting the next.
  ///
  /// - Parameter effects: The effects to run in order.
  @inlinable
  public static func concatenate(_ effects: some Sequence<Effect>) -> Self {
    let kept = effects.filter { !$0.isNone }
    switch kept.count {
    case 0: return .none
    case 1: return kept[0]
    default: return Self(box: EffectListBox(kind: .concatenate, kept))
    }
  }

  /// This effect, then `next` once this one has finished.
  ///
  /// - Parameter next: The effect to run afterwards.
  @inlinable
  public func concatenate(with next: Effect) -> Self {
    .concatenate([self, next])
  }
}
