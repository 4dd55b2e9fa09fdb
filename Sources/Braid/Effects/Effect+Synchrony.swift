extension Effect {
  /// Whether starting this effect finishes it: nothing in it waits (only sends, cancellations
  /// and combinations of them). `.concatenate` runs such effects at once, in order, as TCA does,
  /// instead of in a task.
  @inlinable
  var isSynchronous: Bool {
    guard case .boxed(let box) = storage else { return true }
    return switch box.operation {
    case .none, .send, .cancel: true
    case .merge(let effects), .concatenate(let effects): effects.allSatisfy { $0.isSynchronous }
    case .cancellable(_, _, let effect), .scoped(_, let effect): effect.isSynchronous
    case .run, .subscribe, .deferred: false
    }
  }
}
