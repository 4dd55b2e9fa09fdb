import Braid
import Foundation
import SignUpFeature
import UserDirectoryClient

/// Runs the sign-up form from a script of events, on a test clock the script advances, and
/// prints the screen. For CI and tests.
///
/// Script lines: `type FIELD TEXT`, `clear FIELD`, `wait DURATION` (`400ms`, `1s`), `submit`,
/// `dismiss`, `show`; blank lines and `#` comments are skipped.
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

  func run(lines: [String]) async throws -> String {
    let clock = TestClock()
    let store = withDependencies {
      $0.continuousClock = clock
      $0.userDirectory = directory
    } operation: {
      Store(initialState: SignUpForm.State()) { SignUpForm() }
    }
    var output: [String] = []
    var tasks: [StoreTask] = []
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
          throw ScriptError(line: index + 1, text: raw, reason: "expected a duration such as 400ms or 1s")
        }
        await clock.advance(by: duration)
        // Once nothing waits on the clock any more, the checks it released are running: let
        // them deliver before the next line.
        if clock.pendingSleepers == 0 {
          for task in tasks { await task.finish() }
          tasks.removeAll()
        }
      case "submit":
        await store.send(.createButtonTapped).finish()
      case "dismiss":
        store.send(.alertDismissed)
      case "show":
        output.append(SignUpScreen.render(store.state))
      default:
        throw ScriptError(line: index + 1, text: raw, reason: "unknown command")
      }
    }
    for task in tasks { task.cancel() }
    output.append(SignUpScreen.render(store.state))
    return output.joined(separator: "\n\n")
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

  static func duration(_ text: String) -> Duration? {
    if text.hasSuffix("ms"), let value = Int(text.dropLast(2)) { return .milliseconds(value) }
    if text.hasSuffix("s"), let value = Int(text.dropLast()) { return .seconds(value) }
    return nil
  }
}
