/// An action of a stack's element, or a change of the stack itself: TCA's `StackAction`.
///
/// A parent holds its path's actions in one case of its own:
/// `case path(StackAction<Path.State, Path.Action>)`. ``Reducer/forEach(_:action:destination:fileID:line:)``
/// runs the element for `.element`, and pops or pushes for the others; the parent sees all three,
/// after the stack has changed.
public enum StackAction<State, Action> {
  /// An action of the element with `id`.
  case element(id: StackElementID, action: Action)
  /// Pops the element with `id` and every element above it. An element's `dismiss()` sends it.
  case popFrom(id: StackElementID)
  /// Pushes `state` under `id`, which must not be in the stack.
  case push(id: StackElementID, state: State)
}

extension StackAction: Equatable where State: Equatable, Action: Equatable {}
extension StackAction: Hashable where State: Hashable, Action: Hashable {}
extension StackAction: Sendable where State: Sendable, Action: Sendable {}
