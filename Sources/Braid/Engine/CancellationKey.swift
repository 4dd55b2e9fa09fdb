/// Where a cancellation id lives: the id itself plus the path of child-feature instances
/// (``Reducer/ifLet(_:action:then:fileID:line:)`` children, ``Reducer/forEach(_:action:element:fileID:line:)``
/// elements) that the effect was started under.
///
/// Keys are looked up in the owning store's ``EffectRegistry``, so separate stores never share
/// them.
@usableFromInline
struct CancellationKey: Hashable, Sendable {
  @usableFromInline let path: [AnyHashableSendable]
  @usableFromInline let id: AnyHashableSendable

  @usableFromInline
  init(path: [AnyHashableSendable], id: AnyHashableSendable) {
    self.path = path
    self.id = id
  }
}

extension CancellationKey {
  /// The key's hash for `seed`, mixed from the hashes its id and path components computed when
  /// they were made (each by its type's own `Hashable`, so equal keys hash equally) rather than
  /// fed through a fresh `Hasher` on every registry lookup (~150 instructions each).
  @inlinable
  func _rawHashValue(seed: Int) -> Int {
    var hash = UInt64(truncatingIfNeeded: seed) ^ UInt64(truncatingIfNeeded: id.hash)
    for component in path {
      hash = (hash ^ (hash >> 29)) &* 0xbf58_476d_1ce4_e5b9 ^ UInt64(truncatingIfNeeded: component.hash)
    }
    // A 64-bit finalizer, so the seed and every bit of the hashes reach the low bits a hash
    // table uses.
    hash = (hash ^ (hash >> 30)) &* 0xbf58_476d_1ce4_e5b9
    hash = (hash ^ (hash >> 27)) &* 0x94d0_49bb_1331_11eb
    return Int(truncatingIfNeeded: hash ^ (hash >> 31))
  }
}
