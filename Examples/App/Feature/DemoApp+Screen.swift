import CounterFeature
import LocationTrackerFeature
import SignUpFeature
import UsersListFeature

extension DemoApp {
  /// The screens the home screen pushes.
  public enum Screen: String, CaseIterable, Equatable, Sendable {
    case counter
    case signup
    case location
    case users

    /// The screen's name, as its title and the breadcrumb show it.
    public var title: String {
      switch self {
      case .counter: "Counter"
      case .signup: "Sign-up"
      case .location: "Location"
      case .users: "Users"
      }
    }

    /// The state a push of this screen starts from.
    public var initialState: Path.State {
      switch self {
      case .counter: .counter(Counter.State())
      case .signup: .signUp(SignUpForm.State())
      case .location: .location(LocationTracker.State())
      case .users: .users(UsersList.State())
      }
    }
  }
}

extension DemoApp.Path.State {
  /// Which screen this is.
  public var screen: DemoApp.Screen {
    switch self {
    case .counter: .counter
    case .signUp: .signup
    case .location: .location
    case .users: .users
    }
  }
}
