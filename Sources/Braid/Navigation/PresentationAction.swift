/// An action of a presented child, or the request to dismiss it.
///
/// A parent holds its child's actions in one case of its own: `case destination(PresentationAction<Destination.Action>)`.
/// ``Reducer/ifLet(_:action:destination:fileID:line:)`` runs the child for `.presented` and ends
/// the presentation for `.dismiss`; the parent's reducer sees both, after the child.
public enum PresentationAction<Action> {
  /// Ends the presentation: its state becomes `nil` and every effect the child started is
  /// cancelled, before the send returns. A child sends it with `@Dependency(\.dismiss)`.
  case dismiss
  /// An action of the presented child.
  case presented(Action)
}

extension PresentationAction: Equatable where Action: Equatable {}
extension PresentationAction: Hashable where Action: Hashable {}
extension PresentationAction: Sendable where Action: Sendable {}
extension PresentationAction: Decodable where Action: Decodable {}
extension PresentationAction: Encodable where Action: Encodable {}
