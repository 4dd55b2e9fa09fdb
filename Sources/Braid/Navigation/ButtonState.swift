/// A button of an alert or a confirmation dialog, held in state: its label, its role, and the
/// action it sends.
///
/// ```swift
/// ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
/// ```
public struct ButtonState<Action> {
  /// What kind of button it is, for how it is shown.
  public enum Role: Equatable, Hashable, Sendable {
    /// Dismisses without doing anything.
    case cancel
    /// Destroys something, such as a deletion.
    case destructive
  }

  /// The button's role, if any.
  public var role: Role?
  /// The action the button sends, or `nil` for a button that only dismisses.
  public var action: Action?
  /// The button's label.
  public var label: TextState

  /// A button that sends `action`, labelled by `label`.
  ///
  /// - Parameters:
  ///   - role: The button's role, if any.
  ///   - action: The action the button sends; `nil` for a button that only dismisses.
  ///   - label: The button's label.
  public init(role: Role? = nil, action: Action? = nil, label: () -> TextState) {
    self.role = role
    self.action = action
    self.label = label()
  }
}

extension ButtonState: Equatable where Action: Equatable {}
extension ButtonState: Hashable where Action: Hashable {}
extension ButtonState: Sendable where Action: Sendable {}

/// Builds the buttons of an ``AlertState`` or a ``ConfirmationDialogState`` from a list of
/// ``ButtonState`` values, with `if`, `if`-`else` and `for` as in any result builder.
@resultBuilder
public enum ButtonStateBuilder<Action> {
  /// The buttons, in order.
  public static func buildBlock(_ components: [ButtonState<Action>]...) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }

  /// One button.
  public static func buildExpression(_ expression: ButtonState<Action>) -> [ButtonState<Action>] {
    [expression]
  }

  /// The buttons of an `if` without `else`, when its condition held.
  public static func buildOptional(_ component: [ButtonState<Action>]?) -> [ButtonState<Action>] {
    component ?? []
  }

  /// The buttons of an `if`'s first branch.
  public static func buildEither(first component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of an `if`'s second branch.
  public static func buildEither(second component: [ButtonState<Action>]) -> [ButtonState<Action>] {
    component
  }

  /// The buttons of a `for` loop.
  public static func buildArray(_ components: [[ButtonState<Action>]]) -> [ButtonState<Action>] {
    components.flatMap { $0 }
  }
}
