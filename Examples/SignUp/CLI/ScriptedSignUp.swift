import Braid
import Foundation
import SignUpFeature
import UserDirectoryClient

/// Runs the sign-up form from a script of events, on a test clock the script advances, and
/// prints the screen. For CI and tests.
///
/// Script lines: `type FIELD TEXT`, `clear FIELD`, `wait DURATION` (`400ms`, `1s`, at most a
/// day), `submit`, `dismiss`, `show`; blank lines and `#` comments are skipped.
///
/// A `submit` on a disabled form prints why it is disabled; the result of the last `submit`
/// decides the command's exit status.
@MainActor
struct ScriptedSignUp {
  let directory: UserDirectory

  /// A line the script could not understand.
  struct ScriptError: Error, CustomStringConvertible {
    let line: Int
    let text: String
    let reason: String
    var description: String { "line \(line): \(reason): \(text)" }
  }

  /// What the last `submit` of a script came to.
  enum Submission: Equatable {
    case signedUp
    case failed(String)
    case impossible(String)
  }

  /// The longest `wait` a script may ask for.
  static let longestWait = Duration.seconds(24 * 60 * 60)

  /// Runs `lines` and returns the screens to print and the last submit's result (`nil` when the
  /// script never submits).
  func run(lines: [String]) async throws -> (screen: String, lastSubmission: Submission?) {
    let clock = TestClock()
    let store = withDependencies {
      $0.continuousClock = clock
      $0.userDirectory = directory
    } operation: {
      Store(initialState: SignUpForm.State()) { SignUpForm() }
    }
    var output: [String] = []
    var tasks: [StoreTask] = []
    var lastSubmission: Submission?
    for (index, raw) in lines.enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.isEmpty || line.hasPrefix("#") { continue }
      let words = line.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: true).map(String.init)
      switch words[0] {
      case "type", "clear":
        guard words.count >= 2, let field = SignUpScreen.Field(rawValue: words[1]) else {
          throw ScriptError(
            line: index + 1, text: raw, reason: "expected a field (username, email, password, verification)")
        }
        let text = words[0] == "type" ? (words.count == 3 ? words[2] : "") : ""
        tasks.append(store.send(Self.action(field, text)))
        if field == .username, !text.isEmpty {
          // The availability check is debounced on `clock`: let it go to sleep before a later
          // `wait` moves time, or it would sleep from the later time and miss its wake-up.
          await Self.waitUntil { clock.pendingSleepers > 0 }
        }
      case "wait":
        guard words.count == 2, let duration = Self.duration(words[1]) else {
          throw ScriptError(
            line: index + 1, text: raw, reason: "expected a duration from 0ms to 24h, such as 400ms or 1s")
        }
        await clock.advance(by: duration)
        // Once nothing waits on the clock any more, the checks it released are running: let
        // them deliver before the next line.
        if clock.pendingSleepers == 0 {
          for task in tasks { await task.finish() }
          tasks.removeAll()
        }
      case "submit":
        guard store.state.isSignUpEnabled else {
          let reason = Self.whyDisabled(store.state)
          output.append(SignUpScreen.render(store.state) + "\n\n  Cannot create the account: \(reason)")
          lastSubmission = .impossible(reason)
          continue
        }
        await store.send(.createButtonTapped).finish()
        if let alert = store.state.alert, alert.title != "Signed up" {
          lastSubmission = .failed(alert.message)
        } else {
          lastSubmission = .signedUp
        }
      case "dismiss":
        store.send(.alertDismissed)
      case "show":
        output.append(SignUpScreen.render(store.state))
      default:
        throw ScriptError(line: index + 1, text: Self.shortened(raw), reason: "unknown command")
      }
    }
    for task in tasks { task.cancel() }
    output.append(SignUpScreen.render(store.state))
    return (output.joined(separator: "\n\n"), lastSubmission)
  }

  /// Why "Create" is disabled, in the form's words.
  static func whyDisabled(_ state: SignUpForm.State) -> String {
    if state.isSigningUp { return "a sign-up is already in progress" }
    if state.username.isEmpty { return "the username is empty" }
    if state.email.isEmpty { return "the email is empty" }
    if !state.passwordMessage.isEmpty { return "the password: \(state.passwordMessage)" }
    switch state.availability {
    case .checked(false, let message), .failed(let message): return "the username: \(message)"
    default: return "the username has not been checked yet (add a wait after typing it, such as wait 400ms)"
    }
  }

  /// At most 80 characters of a script line, for messages.
  static func shortened(_ line: String) -> String {
    line.count <= 80 ? line : String(line.prefix(80)) + "… (\(line.utf8.count) bytes)"
  }

  /// Gives running effects turns until `condition` holds, for at most five seconds.
  static func waitUntil(_ condition: () -> Bool) async {
    let deadline = ContinuousClock.now.advanced(by: .seconds(5))
    var turns = 0
    while !condition(), ContinuousClock.now < deadline {
      turns += 1
      if turns % 64 == 0 {
        try? await Task.sleep(for: .milliseconds(1))
      } else {
        await Task.yield()
      }
    }
  }

  static func action(_ field: SignUpScreen.Field, _ text: String) -> SignUpForm.Action {
    switch field {
    case .username: .usernameChanged(text)
    case .email: .emailChanged(text)
    case .password: .passwordChanged(text)
    case .verification: .passwordVerificationChanged(text)
    }
  }

  /// `400ms`, `2s`, `5m` or `1h`, from zero to ``longestWait``; `nil` otherwise.
  static func duration(_ text: String) -> Duration? {
    let units: [(suffix: String, milliseconds: Int)] = [("ms", 1), ("s", 1_000), ("m", 60_000), ("h", 3_600_000)]
    for unit in units where text.hasSuffix(unit.suffix) {
      let digits = text.dropLast(unit.suffix.count)
      guard !digits.isEmpty, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber),
        let value = Int(digits), value <= Int(longestWait.components.seconds) * 1_000 / unit.milliseconds
      else { return nil }
      return .milliseconds(value * unit.milliseconds)
    }
    return nil
  }
}
