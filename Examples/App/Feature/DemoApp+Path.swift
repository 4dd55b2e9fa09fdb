import Braid
import CounterFeature
import LocationTrackerFeature
import SignUpFeature
import UsersListFeature

extension DemoApp {
  /// A screen of the stack: TCA's `@Reducer enum Path`, written out as a state enum, an action
  /// enum and a `Scope` per case.
  public struct Path: Reducer {
    /// The state of one screen.
    public enum State: Equatable, Sendable {
      case counter(Counter.State)
      case signUp(SignUpForm.State)
      case location(LocationTracker.State)
      case users(UsersList.State)
    }

    /// The actions of one screen.
    public enum Action: Equatable, Sendable {
      case counter(Counter.Action)
      case signUp(SignUpForm.Action)
      case location(LocationTracker.Action)
      case users(UsersList.Action)
    }

    /// The screens' reducer.
    public init() {}

    /// Each case's feature, run while its case is the state.
    public var body: some Reducer<State, Action> {
      Scope(state: /State.counter, action: /Action.counter) { Counter() }
      Scope(state: /State.signUp, action: /Action.signUp) { SignUpForm() }
      Scope(state: /State.location, action: /Action.location) { LocationTracker() }
      Scope(state: /State.users, action: /Action.users) { UsersList() }
    }
  }
}
