/// A store's observation expressed as the root store's, at a byte offset into the root's state.
///
/// It exists when every level from the root down to the store is a stored property: then a
/// notification reaches a store scoped ten levels deep in one hop instead of one per level
/// (about 250 instructions per send at depth ten).
@MainActor
@usableFromInline
struct RootRelativeObservation {
  /// Adds an observer to the root store that receives a pointer to the root's state.
  @usableFromInline let observeRoot: @MainActor (@escaping @MainActor (UnsafeRawPointer) -> Void) -> ObservationToken
  /// Where the store's state starts within the root's state, in bytes.
  @usableFromInline let offset: Int

  @usableFromInline
  init(
    observeRoot: @escaping @MainActor (@escaping @MainActor (UnsafeRawPointer) -> Void) -> ObservationToken,
    offset: Int
  ) {
    self.observeRoot = observeRoot
    self.offset = offset
  }

  /// The same root observation for a part of this store's state `offset` bytes further in, or
  /// `nil` when the part is not a stored property (`offset` is negative).
  @inlinable
  func advanced(by offset: Int) -> Self? {
    guard offset >= 0 else { return nil }
    return Self(observeRoot: observeRoot, offset: self.offset + offset)
  }

  /// An observe function for the state at this offset, typed as `State`.
  @inlinable
  func observeFunction<State>(
    of _: State.Type
  ) -> @MainActor (@escaping @MainActor (UnsafePointer<State>) -> Void) -> ObservationToken {
    let observeRoot = observeRoot
    let offset = offset
    return { notify in
      observeRoot { notify($0.advanced(by: offset).assumingMemoryBound(to: State.self)) }
    }
  }
}
