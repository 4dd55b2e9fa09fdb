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
  /// Receives what the form's store does (a `--record` trace recorder), if set.
  var inspector: StoreInspector<SignUpForm.State, SignUpForm.Action>?

  /// A line the script could not understand.
  struct ScriptError: Error, CustomStringConvertible {
    let line: Int
    /// The part of the line that may be shown (``SignUpEvent/ParseError/shown``).
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

  /// Runs `lines` and returns the screens to print and the last submit's result (`nil` when the
  /// script never submits).
  func run(lines: [String]) async throws -> (screen: String, lastSubmission: Submission?) {
    try await run(
      lines: AsyncThrowingStream { continuation in
        for line in lines { continuation.yield(line) }
        continuation.finish()
      })
  }

  /// Runs `lines` as they come, each before the next is read: a script on a pipe acts on each
  /// event as it is typed, so a session stopped early has done and recorded what came before.
  /// The lines end early when the task is cancelled (SIGINT, SIGTERM): what was done is kept.
  func run(
    lines: AsyncThrowingStream<String, any Error>
  ) async throws -> (screen: String, lastSubmission: Submission?) {
    let clock = TestClock()
    let store = withDependencies {
      $0.continuousClock = clock
      $0.userDirectory = directory
    } operation: {
      Store(initialState: SignUpForm.State(), inspector: inspector) { SignUpForm() }
    }
    var output: [String] = []
    var tasks: [StoreTask] = []
    var lastSubmission: Submission?
    var index = -1
    for try await raw in lines {
      index += 1
      let event: SignUpEvent?
      do {
        event = try SignUpEvent.parse(raw)
      } catch {
        throw ScriptError(line: index + 1, text: error.shown, reason: error.reason)
      }
      switch event {
      case nil:
        continue
      case .set(let field, let text):
        tasks.append(store.send(SignUpEvent.action(field, text)))
        if field == .username, store.state.availability == .validating {
          // The availability check is debounced on `clock`: let it go to sleep before a later
          // `wait` moves time, or it would sleep from the later time and miss its wake-up.
          guard await clock.waitForSleepers(1) else {
            throw ScriptError(
              line: index + 1, text: "type username …", reason: "the username check did not start within a minute")
          }
        }
      case .wait(let duration):
        await clock.advance(by: duration)
        // Once nothing waits on the clock any more, the checks it released are running: let
        // them deliver before the next line.
        if clock.pendingSleepers == 0 {
          for task in tasks { await task.finish() }
          tasks.removeAll()
        }
      case .submit(let requestID):
        if requestID != nil {
          throw ScriptError(
            line: index + 1, text: "submit …",
            reason: "a request id is for serve, whose clients may send a sign-up again; the script signs up once")
        }
        guard store.state.isSignUpEnabled else {
          let reason = SignUpEvent.whyDisabled(store.state)
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
      case .dismiss:
        store.send(.alertDismissed)
      case .show:
        output.append(SignUpScreen.render(store.state))
      }
    }
    for task in tasks { task.cancel() }
    output.append(SignUpScreen.render(store.state))
    return (output.joined(separator: "\n\n"), lastSubmission)
  }
}
