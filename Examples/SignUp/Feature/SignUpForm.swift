import Braid
import UserDirectoryClient

/// The sign-up screen of the seed articles (ReactiveCocoa's form and RxSwift's GitHubSignup),
/// the Braid way: derived values are computed properties of the state, the username is checked
/// as the user types (debounced, newest request wins), and signing up shows an activity flag
/// and then an alert.
public struct SignUpForm: Reducer {
  /// What can happen on the form.
  public enum Action: Equatable, Sendable, Codable {
    case usernameChanged(String)
    case emailChanged(String)
    case passwordChanged(String)
    case passwordVerificationChanged(String)
    case availabilityChecked(username: String, isAvailable: Bool)
    case availabilityCheckFailed(username: String, message: String)
    case createButtonTapped
    case signUpFinished(error: String?)
    case alertDismissed
  }

  enum CancelID: Hashable, Sendable {
    case availability
    case signUp
  }

  /// How long typing must pause before the username is checked.
  public static let availabilityDebounce = Duration.milliseconds(300)

  @Dependency(\.userDirectory) var userDirectory
  @Dependency(\.continuousClock) var clock

  /// The form's reducer.
  public init() {}

  /// Handles an action.
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    // The form is locked while its sign-up is in flight: a name changed then would be checked
    // and shown as available after the account took it, and the welcome would name it
    // (`SignUpExplorationTests.theFormKeepsItsRules` found it).
    if state.isSigningUp, action.editsAField { return .none }
    switch action {
    case .usernameChanged(let username):
      state.username = username
      guard !username.isEmpty else {
        state.availability = .empty
        return .cancel(id: CancelID.availability)
      }
      if let problem = Self.problem(withUsername: username) {
        state.availability = .checked(isAvailable: false, message: problem)
        return .cancel(id: CancelID.availability)
      }
      state.availability = .validating
      let directory = userDirectory
      return .run { send in
        let isAvailable = try await directory.isUsernameAvailable(username)
        await send(.availabilityChecked(username: username, isAvailable: isAvailable))
      } catch: { error, send in
        await send(.availabilityCheckFailed(username: username, message: "could not check: \(error)"))
      }
      .debounce(id: CancelID.availability, for: Self.availabilityDebounce, clock: clock)

    case .emailChanged(let email):
      state.email = email
      return .none

    case .passwordChanged(let password):
      state.password = password
      return .none

    case .passwordVerificationChanged(let password):
      state.passwordVerification = password
      return .none

    case .availabilityChecked(let username, let isAvailable):
      guard username == state.username else { return .none }
      state.availability = .checked(
        isAvailable: isAvailable,
        message: isAvailable ? "Username available" : "Username already taken"
      )
      return .none

    case .availabilityCheckFailed(let username, let message):
      guard username == state.username else { return .none }
      state.availability = .failed(message)
      return .none

    case .createButtonTapped:
      guard state.isSignUpEnabled else { return .none }
      state.isSigningUp = true
      let request = SignUpRequest(username: state.username, email: state.email, password: state.password)
      let directory = userDirectory
      return .run { send in
        try await directory.signUp(request)
        await send(.signUpFinished(error: nil))
      } catch: { error, send in
        await send(.signUpFinished(error: "\(error)"))
      }
      .cancellable(id: CancelID.signUp, cancelInFlight: true)

    case .signUpFinished(let error):
      state.isSigningUp = false
      state.alert =
        error.map { State.AlertText.failure($0) } ?? State.AlertText.success(state.username)
      if error == nil {
        // The name is now taken, by this account: Create must not offer it again, and the form
        // says whose it is.
        state.availability = .checked(isAvailable: false, message: Availability.yoursMessage)
      }
      return .none

    case .alertDismissed:
      state.alert = nil
      return .none
    }
  }
}

extension SignUpForm {
  /// The longest username, in characters.
  public static let longestUsername = 32

  /// What is wrong with `username` before any server is asked, or `nil` when nothing is: at most
  /// ``longestUsername`` characters, no control or invisible formatting characters (a NUL, an
  /// escape, a newline, a zero-width space), and no space at either end. These are checked here
  /// so that what is stored is exactly what the form showed.
  public static func problem(withUsername username: String) -> String? {
    if username.count > longestUsername { return "at most \(longestUsername) characters" }
    let invisible = username.unicodeScalars.contains { scalar in
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .privateUse, .unassigned: true
      default: false
      }
    }
    if invisible { return "no control or invisible characters" }
    if username.first?.isWhitespace == true || username.last?.isWhitespace == true {
      return "no spaces at either end"
    }
    return nil
  }
}

extension SignUpForm.State {
  /// The alerts the form shows.
  enum AlertText {
    static func success(_ username: String) -> SignUpForm.Alert {
      SignUpForm.Alert(title: "Signed up", message: "Welcome, \(username)!")
    }

    static func failure(_ message: String) -> SignUpForm.Alert {
      SignUpForm.Alert(title: "Sign-up failed", message: message)
    }
  }
}

extension SignUpForm.Action {
  /// Whether the action is the user editing one of the form's fields.
  var editsAField: Bool {
    switch self {
    case .usernameChanged, .emailChanged, .passwordChanged, .passwordVerificationChanged: true
    default: false
    }
  }
}
