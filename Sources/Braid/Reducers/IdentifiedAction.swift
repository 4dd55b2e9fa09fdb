/// An action for one element of a collection feature, carrying the element's id.
///
/// Give the parent an action case that carries it, and run the element reducer with
/// ``Reducer/forEach(_:action:element:fileID:line:)``:
///
/// ```swift
/// enum Action {
///   case rows(IdentifiedActionOf<Row>)
/// }
/// store.send(.rows(.element(id: row.id, action: .toggled)))
/// ```
public enum IdentifiedAction<ID: Hashable & Sendable, Action: Sendable>: Sendable {
  /// `action` for the element with `id`.
  case element(id: ID, action: Action)

  /// The element's id.
  public var id: ID {
    switch self {
    case .element(let id, _): return id
    }
  }

  /// The element's action.
  public var action: Action {
    switch self {
    case .element(_, let action): return action
    }
  }
}

extension IdentifiedAction: Equatable where Action: Equatable {}
extension IdentifiedAction: Hashable where Action: Hashable {}

/// The element action of a collection of `R` features, identified by `R.State.ID`.
public typealias IdentifiedActionOf<R: Reducer> = IdentifiedAction<R.State.ID, R.Action>
where R.State: Identifiable, R.State.ID: Sendable
