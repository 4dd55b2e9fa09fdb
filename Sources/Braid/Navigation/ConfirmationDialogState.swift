/// A confirmation dialog held in state: TCA's `ConfirmationDialogState`, an ``AlertState`` whose
/// buttons are a list of choices.
public struct ConfirmationDialogState<Action>: EphemeralState {
  /// Whether the title is shown.
  public enum Visibility: Equatable, Hashable, Sendable {
    /// As the platform chooses.
    case automatic
    /// Shown.
    case visible
    /// Hidden.
    case hidden
  }

  /// Whether the title is shown.
  public var titleVisibility: Visibility
  /// The dialog's title.
  public var title: TextState
  /// The text under the title, if any.
  public var message: TextState?
  /// The choices, in order.
  public var buttons: [ButtonState<Action>]

  /// A dialog titled `title`, with `actions` and an optional `message`: TCA's spelling.
  ///
  /// - Parameters:
  ///   - titleVisibility: Whether the title is shown.
  ///   - title: The dialog's title.
  ///   - actions: Its choices.
  ///   - message: The text under the title, if any.
  public init(
    titleVisibility: Visibility = .automatic,
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.titleVisibility = titleVisibility
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }
}

extension ConfirmationDialogState: Equatable where Action: Equatable {}
extension ConfirmationDialogState: Hashable where Action: Hashable {}
extension ConfirmationDialogState: Sendable where Action: Sendable {}
