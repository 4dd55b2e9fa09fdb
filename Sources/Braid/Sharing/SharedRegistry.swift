/// The shared references of a process (or of a test's dependencies), by key: what makes two
/// ``Shared`` values of one key share.
final class SharedRegistry: Sendable {
  private struct Entry: @unchecked Sendable {
    // Each reference is a `SharedReference<Key.Value>` for its entry's key type; it is only
    // handed out after a checked cast.
    let reference: AnyObject
    let subscription: SharedSubscription
  }

  private let entries = SanitizerVisibleMutex([KeyIdentity: Entry]())

  /// A key's type and id.
  private struct KeyIdentity: Hashable, @unchecked Sendable {
    let type: ObjectIdentifier
    let id: AnyHashable
  }

  /// The registry of the current dependencies.
  static var current: SharedRegistry { DependencyValues.current.sharedRegistry }

  /// The reference of `key`, made (loaded, or holding `value`) when no `Shared` of it exists
  /// yet.
  func reference<Key: SharedKey>(for key: Key, default value: Key.Value) -> SharedReference<Key.Value> {
    let identity = KeyIdentity(type: ObjectIdentifier(Key.self), id: AnyHashable(key.id))
    let existing = entries.withLock { $0[identity]?.reference }
    if let existing {
      if let reference = existing as? SharedReference<Key.Value> { return reference }
      reportMisuse(
        "A shared value of key \(key.id) was made with the type \(Key.Value.self) and another type before: this one is not shared."
      )
      return SharedReference(value)
    }
    let reference = SharedReference(key.load() ?? value, onMutation: { [key] in key.save($0) }, flush: key.flush)
    let subscription = key.subscribe { [weak reference] value in reference?.replace(with: value) }
    return entries.withLock { entries -> SharedReference<Key.Value> in
      // Two threads may have made the same key at once: the first to register wins.
      if let winner = entries[identity]?.reference as? SharedReference<Key.Value> { return winner }
      entries[identity] = Entry(reference: reference, subscription: subscription)
      return reference
    }
  }
}

private enum SharedRegistryKey: DependencyKey {
  static let liveValue = SharedRegistry()
  static var testValue: SharedRegistry { SharedRegistry() }
}

extension DependencyValues {
  /// Where `Shared` values made from keys are found.
  var sharedRegistry: SharedRegistry {
    get { self[SharedRegistryKey.self] }
    set { self[SharedRegistryKey.self] = newValue }
  }
}
