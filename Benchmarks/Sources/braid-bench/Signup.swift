import Braid
import OpenCombine

/// Workload 6: the seed's sign-up form, four string fields reduced to one derived `Bool`.
struct SignupFeature: Reducer {
  struct State: Equatable, Sendable {
    var username = ""
    var email = ""
    var password = ""
    var passwordVerification = ""

    /// Username and email filled in, a password of at least 8 characters, typed twice.
    var isSignupEnabled: Bool {
      !username.isEmpty && !email.isEmpty && password.count >= 8 && password == passwordVerification
    }
  }

  enum Action: Sendable {
    case usernameChanged(String)
    case emailChanged(String)
    case passwordChanged(String)
    case passwordVerificationChanged(String)
  }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .usernameChanged(let value): state.username = value
    case .emailChanged(let value): state.email = value
    case .passwordChanged(let value): state.password = value
    case .passwordVerificationChanged(let value): state.passwordVerification = value
    }
    return .none
  }
}

/// One field change: which field (0 username, 1 email, 2 password, 3 verification) and its
/// new value.
private struct SignupStep {
  let field: Int
  let value: String

  var action: SignupFeature.Action {
    switch field {
    case 0: .usernameChanged(value)
    case 1: .emailChanged(value)
    case 2: .passwordChanged(value)
    default: .passwordVerificationChanged(value)
    }
  }
}

/// The cycle of changes, operation `i` applies `signupSteps[i % 8]`. From the second cycle on,
/// six of the eight changes flip the form's validity (the first two set values already there).
private let signupSteps: [SignupStep] = [
  SignupStep(field: 0, value: "blob"),
  SignupStep(field: 1, value: "blob@example.com"),
  SignupStep(field: 2, value: "secret123"),  // mismatch: invalid
  SignupStep(field: 3, value: "secret123"),  // valid
  SignupStep(field: 2, value: "secret12"),  // mismatch: invalid
  SignupStep(field: 3, value: "secret12"),  // valid
  SignupStep(field: 0, value: ""),  // no username: invalid
  SignupStep(field: 0, value: "blob"),  // valid
]

/// The validity the floor computes by hand after each change.
@inline(never)
func signupFloorValidity(_ username: String, _ email: String, _ password: String, _ verification: String) -> Bool {
  !username.isEmpty && !email.isEmpty && password.count >= 8 && password == verification
}

/// The number of validity values an observer of `n` changes sees (the initial one included)
/// and the last of them.
private func expectedSignup(_ n: Int) -> (notifications: Int, last: Bool) {
  var state = SignupFeature.State()
  var last = state.isSignupEnabled
  var notifications = 1
  for index in 0..<n {
    _ = SignupFeature().reduce(into: &state, action: signupSteps[index % signupSteps.count].action)
    if state.isSignupEnabled != last {
      last = state.isSignupEnabled
      notifications += 1
    }
  }
  return (notifications, last)
}

@MainActor
func signupRows(_ config: Config) -> [Row] {
  let operations = config.operations(1_000_000)
  let expected = expectedSignup(operations)
  let actions = signupSteps.map(\.action)

  let braid = measure(config, operations: operations) { n in
    let store = Store(initialState: SignupFeature.State()) { SignupFeature() }
    var notifications = 0
    var enabled = false
    let token = store.observe(\.isSignupEnabled) { value in
      notifications += 1
      enabled = value
    }
    for index in 0..<n { store.send(actions[index % actions.count]) }
    precondition(notifications == expected.notifications && enabled == expected.last)
    token.cancel()
  }

  // The floor: four variables, the validity recomputed by hand after each change.
  let floor = measure(config, operations: operations) { n in
    var username = ""
    var email = ""
    var password = ""
    var verification = ""
    let validity = opaque(signupFloorValidity)
    var enabled = validity(username, email, password, verification)
    var notifications = 1
    for index in 0..<n {
      let step = signupSteps[index % signupSteps.count]
      switch step.field {
      case 0: username = step.value
      case 1: email = step.value
      case 2: password = step.value
      default: verification = step.value
      }
      let value = validity(username, email, password, verification)
      if value != enabled {
        enabled = value
        notifications += 1
      }
    }
    precondition(notifications == expected.notifications && enabled == expected.last)
  }

  // The peer: OpenCombine 0.14 has no `combineLatest` (nor `Merge`), so it is built by hand:
  // each field subject's sink writes its slot of a subject holding the four latest values,
  // which is mapped to the validity, deduplicated and observed by one sink.
  let peer = measure(config, operations: operations) { n in
    let fields = (0..<4).map { _ in CurrentValueSubject<String, Never>("") }
    let latest = CurrentValueSubject<(String, String, String, String), Never>(("", "", "", ""))
    var subscriptions: [OpenCombine.AnyCancellable] = [
      fields[0].dropFirst().sink { latest.value.0 = $0 },
      fields[1].dropFirst().sink { latest.value.1 = $0 },
      fields[2].dropFirst().sink { latest.value.2 = $0 },
      fields[3].dropFirst().sink { latest.value.3 = $0 },
    ]
    var notifications = 0
    var enabled = false
    subscriptions.append(
      latest
        .map { username, email, password, verification in
          !username.isEmpty && !email.isEmpty && password.count >= 8 && password == verification
        }
        .removeDuplicates()
        .sink { value in
          notifications += 1
          enabled = value
        })
    for index in 0..<n {
      let step = signupSteps[index % signupSteps.count]
      fields[step.field].value = step.value
    }
    precondition(notifications == expected.notifications && enabled == expected.last)
    for subscription in subscriptions { subscription.cancel() }
  }

  return [
    Row(
      workload: "signup", name: "sign-up validity (4 fields)", operations: operations,
      braid: braid, floor: floor, peer: peer,
      note:
        "peer: OpenCombine 0.14 has no combineLatest, so four CurrentValueSubject sinks write a CurrentValueSubject of the 4-tuple, then map→removeDuplicates→sink"
    )
  ]
}
