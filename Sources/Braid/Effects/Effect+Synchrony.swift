extension Effect {
  /// Whether starting this effect finishes it: nothing in it waits (only sends, cancellations
  /// and combinations of them). `.concatenate` runs such effects at once, in order, as TCA does,
  /// instead of in a task. Worked out when a boxed effect is made, so reading it is O(1).
  @inlinable
  var isSynchronous: Bool {
    guard case .boxed(let box) = storage else { return true }
    return box.isSynchronous
  }
}
