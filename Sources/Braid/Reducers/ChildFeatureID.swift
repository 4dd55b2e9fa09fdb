/// The identity of one child-feature instance inside its parent: which container runs it
/// (``Reducer/ifLet(_:action:then:fileID:line:)``, ``Reducer/ifCaseLet(_:action:then:fileID:line:)``
/// or ``Reducer/forEach(_:action:element:fileID:line:)``), where its state lives, and for
/// `forEach` which element.
///
/// The child's effects are scoped under it and cancellable by it, so each instance's
/// cancellation ids are private to it and removing the instance cancels exactly its effects.
@usableFromInline
enum ChildFeatureID: Hashable, @unchecked Sendable {
  // @unchecked: key paths are immutable objects, and `element` is itself sendable.

  /// The optional child state at `state`.
  case ifLet(state: AnyKeyPath)
  /// The case of enum state whose payload is a `state`, driven by actions of type `action`.
  case ifCaseLet(state: ObjectIdentifier, action: ObjectIdentifier)
  /// The element with id `element` of the collection at `elements`.
  case forEach(elements: AnyKeyPath, element: AnyHashableSendable)
  /// One presentation, by its number: the next one of the same key path has another.
  case presentation(state: AnyKeyPath, number: UInt64)
  /// One element of a stack, by its id: a popped id is never given again.
  case stackElement(state: AnyKeyPath, id: StackElementID)
}

extension ChildFeatureID: CustomStringConvertible {
  /// Read as the state it names: `\Parent.State.rows[id: 3]`, `\Parent.State.child`.
  @usableFromInline
  var description: String {
    switch self {
    case .ifLet(let state): "\(state)"
    case .ifCaseLet(let state, _): "case \(state)"
    case .forEach(let elements, let element): "\(elements)[id: \(element)]"
    case .presentation(let state, let number): "\(state) #\(number)"
    case .stackElement(let state, let id): "\(state)[id: \(id)]"
    }
  }
}
