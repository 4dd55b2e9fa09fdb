extension ValueDump {
  /// A value's content frozen at one moment: what ``sameContent(_:_:)`` compares, and what a
  /// diff prints.
  ///
  /// A copy of a struct that holds an object shares that object: when the object changes in
  /// place, the copy changes too. A snapshot does not, so a test store can tell the state
  /// before an action from the state after it, and the state after it from what an assertion
  /// closure later writes through the same object.
  ///
  /// A class, so that the snapshots a test store keeps for every step cost one reference each
  /// to copy.
  package final class ContentSnapshot: Equatable {
    /// The structure without dump hooks, which is what is compared.
    let compared: Node
    /// The structure with dump hooks, which is what is printed.
    let shown: Node
    /// Each object's fields as `compared` and `shown` render them, by identity.
    private let comparedFields: [ObjectIdentifier: [Item]]
    private let shownFields: [ObjectIdentifier: [Item]]
    /// The whole values of the shared references (``Shared``) the value held, by identity.
    package let sharedValues: [ObjectIdentifier: Any]

    /// The snapshot of `value` now.
    ///
    /// - Parameter value: Any value.
    package init(_ value: Any) {
      (compared, comparedFields, sharedValues) = Reflector.rendering(value, usesHooks: false)
      (shown, shownFields, _) = Reflector.rendering(value, usesHooks: true)
    }

    /// The snapshot of `value` with the objects it shares with `earlier` as `earlier` froze
    /// them: a copy of a state, changed by an assertion closure, read as if its untouched
    /// objects had been copied too.
    ///
    /// - Parameters:
    ///   - value: A value that may share objects with the one `earlier` was taken of.
    ///   - earlier: The snapshot whose objects' content stands for theirs now.
    package init(_ value: Any, objectsAsIn earlier: ContentSnapshot) {
      (compared, comparedFields, sharedValues) = Reflector.rendering(
        value, usesHooks: false, frozenFields: earlier.comparedFields)
      (shown, shownFields, _) = Reflector.rendering(value, usesHooks: true, frozenFields: earlier.shownFields)
    }

    /// The snapshot of `value` when it holds an object anywhere, else `nil`: a value without
    /// objects is its own snapshot, since nothing else can change it.
    ///
    /// - Parameter value: Any value.
    package static func ifSharing(_ value: Any) -> ContentSnapshot? {
      Reflector.holdsObjects(value) ? ContentSnapshot(value) : nil
    }

    /// Whether the two snapshots have the same content; dump hooks play no part.
    package static func == (lhs: ContentSnapshot, rhs: ContentSnapshot) -> Bool {
      lhs.compared == rhs.compared
    }
  }

  /// A line diff of two snapshots, as ``diff(_:_:)-(Any,Any)`` prints for two values; `nil` when
  /// they render the same.
  ///
  /// - Parameters:
  ///   - old: The expected content, or the content before a change.
  ///   - new: The actual content, or the content after a change.
  /// - Returns: The diff without a trailing newline, or `nil` when the dumps are equal.
  package static func diff(_ old: ContentSnapshot, _ new: ContentSnapshot) -> String? {
    diff(old.shown, new.shown)
  }
}
