extension TestClock {
  /// The registered settling waits, by token.
  struct Settlers {
    var next = 0
    var waits: [Int: @Sendable () async -> Void] = [:]
  }

  /// Registers `settle`, which returns once the work of some effects has settled; ``advance(to:)``
  /// awaits every registered wait before it looks for sleepers and after each wake-up.
  ///
  /// A `TestStore` whose clock dependency is this clock registers its effects' settling, so an
  /// effect started just before `advance` has reached its `sleep` however many hops that takes,
  /// and two sleepers due in one `advance` deliver their actions in deadline order even when the
  /// first one's work takes many hops after it wakes — "Letting woken tasks run" only bounds
  /// those by turns.
  ///
  /// - Parameter settle: The wait.
  /// - Returns: A token for ``removeSettler(_:)``.
  package func addSettler(_ settle: @escaping @Sendable () async -> Void) -> Int {
    settlers.withLock {
      $0.next += 1
      $0.waits[$0.next] = settle
      return $0.next
    }
  }

  /// Removes a wait registered with ``addSettler(_:)``.
  ///
  /// - Parameter token: The token `addSettler` returned.
  package func removeSettler(_ token: Int) {
    settlers.withLock { _ = $0.waits.removeValue(forKey: token) }
  }

  /// Awaits every registered wait, in registration order, then the effects of the stores the
  /// calling test made, when it tracks them (the `.checksStoreLeaks` trait does).
  func settleRegisteredWork() async {
    let waits = settlers.withLock { $0.waits.sorted { $0.key < $1.key }.map(\.value) }
    for wait in waits { await wait() }
    await StoreHooksScope.current?.settleEffects()
  }
}
