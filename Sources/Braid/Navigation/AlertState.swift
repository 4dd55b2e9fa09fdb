/// An alert held in state: a title, a message and buttons, presented with `@Presents` and
/// dismissed by any of its buttons.
///
/// ```swift
/// struct State: Equatable {
///   @Presents var alert: AlertState<Action.Alert>?
/// }
/// enum Action {
///   case alert(PresentationAction<Alert>)
///   enum Alert: Equatable { case confirmDeletion }
/// }
///
/// state.alert = AlertState {
///   TextState("Delete this item?")
/// } actions: {
///   ButtonState(role: .destructive, action: .confirmDeletion) { TextState("Delete") }
///   ButtonState(role: .cancel) { TextState("Cancel") }
/// }
///
/// // in the body:
/// .ifLet(\.$alert, action: /Action.alert)
/// ```
///
/// A button's action arrives as `.alert(.presented(action))`, after which the alert is gone.
/// How an alert is shown is up to the app: `braid-demo` prints it and reads the choice.
public struct AlertState<Action>: EphemeralState {
  /// The alert's title.
  public var title: TextState
  /// The text under the title, if any.
  public var message: TextState?
  /// The buttons, in order. An alert without buttons is shown with an "OK" that only
  /// dismisses.
  public var buttons: [ButtonState<Action>]

  /// An alert titled `title`, with `actions` and an optional `message`: TCA's spelling.
  ///
  /// - Parameters:
  ///   - title: The alert's title.
  ///   - actions: Its buttons.
  ///   - message: The text under the title, if any.
  public init(
    title: () -> TextState,
    @ButtonStateBuilder<Action> actions: () -> [ButtonState<Action>] = { [] },
    message: (() -> TextState)? = nil
  ) {
    self.title = title()
    self.buttons = actions()
    self.message = message?()
  }
}

extension AlertState: Equatable where Action: Equatable {}
extension AlertState: Hashable where Action: Hashable {}
extension AlertState: Sendable where Action: Sendable {}
