extension Effect {
  /// Whether starting this effect finishes it: nothing in it waits (only sends, cancellations
  /// and combinations of them). `.concatenate` runs such effects at once, in order, as TCA does,
  /// instead of in a task.
  @usableFromInline
  var isSynchronous: Bool {
    switch operation {
    case .none, .send, .cancel: true
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy(\.isSynchronous)
    case .cancellable(_, _, let effect), .scoped(_, let effect): effect.isSynchronous
    case .run, .subscribe, .deferred: false
    }
  }
}
