import Braid

/// The sheet that asks before quitting while a sign-up is in flight: quitting then cancels the
/// sign-up, and the account may or may not have been created.
///
/// It ends itself with `dismiss()`: at once when the user stays, and after telling the app to
/// quit when the user quits anyway.
public struct QuitConfirmation: Reducer {
  /// The sheet: whose sign-up is in flight.
  public struct State: Equatable, Sendable {
    /// The username being signed up.
    public var username: String
    /// Whether the sign-up has finished since the sheet came up: quitting no longer cancels it.
    public var signUpHasFinished = false

    /// The sheet for a sign-up of `username`, in flight.
    public init(username: String) {
      self.username = username
    }
  }

  /// The sheet's buttons, and what it tells the app.
  public enum Action: Equatable, Sendable {
    /// Quits anyway, cancelling the sign-up.
    case quitTapped
    /// Stays, letting the sign-up finish.
    case stayTapped
    /// What the sheet tells the app.
    case delegate(Delegate)

    /// What the sheet tells the app.
    public enum Delegate: Equatable, Sendable {
      /// The user chose to quit.
      case quit
    }
  }

  @Dependency(\.dismiss) var dismiss

  /// The sheet's reducer.
  public init() {}

  /// Handles one action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .quitTapped:
      return .run { [dismiss] send in
        await send(.delegate(.quit))
        await dismiss()
      }
    case .stayTapped:
      return .run { [dismiss] _ in await dismiss() }
    case .delegate:
      return .none
    }
  }
}
