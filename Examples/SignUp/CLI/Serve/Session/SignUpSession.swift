import Braid
import BraidTrace
import SignUpFeature
import UserDirectoryClient
import UsersDatabase

/// One client's sign-up form, as `serve` runs it: a store of its own on a ``StoreActor``, driven
/// by the client's event lines (those of `signup --script`), answered by a JSON line per state
/// change (``ServeOutput``), an outcome line per `submit` (``ServeOutput/OutcomeLine``), and an
/// error line per line it cannot take.
struct SignUpSession: Sendable {
  /// The user directory every session shares.
  let directory: UserDirectory
  /// The clock of `wait` lines and of the form's debounce.
  let clock: any Clock<Duration>

  /// Runs the form on `channel`'s lines until its input ends. A sign-up in flight then
  /// completes, even when the client is gone, so it is committed whole or not at all; its
  /// state and outcome lines are the last written. The recording, if any, is closed last.
  func run(_ channel: LineChannel, recorder: TraceRecorder<SignUpForm.State, SignUpForm.Action>?) async {
    let ledger = SubmitLedger()
    // The client hears that the directory is unavailable; the server's log hears why.
    let directory = directory.hidingFailures(log: channel.logger)
    let store = StoreActor(initialState: SignUpForm.State(), inspector: recorder?.inspector) {
      SignUpForm()
    } withDependencies: {
      $0.userDirectory = ledger.directory(wrapping: directory)
      $0.continuousClock = clock
    }
    // The states are taken before the observer starts, so the task does not hold the store:
    // the stream ends when the store is released, below.
    let states = await store.values(of: \.self)
    let writer = channel.writer
    let observer = Task {
      for await state in states {
        writer.writeState(ServeOutput.state(state))
        if let outcome = ledger.outcome(after: state) { writer.write(ServeOutput.outcome(outcome)) }
      }
    }
    var submission: StoreTask?
    while let (number, line) = await channel.next() {
      switch line {
      case .tooLong:
        writer.write(ServeOutput.error(line: number, "line longer than \(channel.lineLimit) bytes; ignored"))
      case .invalidUTF8:
        writer.write(ServeOutput.error(line: number, "line is not UTF-8; ignored"))
      case .text(let text):
        await handle(
          text, number: number, channel: channel, store: store, ledger: ledger, directory: directory,
          submission: &submission)
      }
    }
    if let submission, await store.state.isSigningUp {
      channel.log("completing the sign-up in flight before closing")
      await submission.finish()
    }
    _ = consume store
    await observer.value
    // The trace is complete before the socket closes: the session's last state is in it.
    do {
      try recorder?.close()
    } catch {
      channel.log("the recording is incomplete: \(error)")
    }
  }

  private func handle(
    _ text: String, number: Int, channel: LineChannel, store: StoreActor<SignUpForm.State, SignUpForm.Action>,
    ledger: SubmitLedger, directory: UserDirectory, submission: inout StoreTask?
  ) async {
    let event: SignUpEvent?
    do {
      event = try SignUpEvent.parse(text)
    } catch {
      // Only what the parser shows goes back: the rest of a mistyped line may be a password.
      channel.writer.write(ServeOutput.error(line: number, "\(error.reason): \(error.shown)"))
      return
    }
    switch event {
    case nil:
      return
    case .set(let field, let value):
      await store.send(SignUpEvent.action(field, value))
    case .wait(let duration):
      await channel.wait(for: duration)
    case .submit(let requestID):
      if let requestID, let answer = await storedAnswer(requestID, in: directory, store: store) {
        channel.writer.write(ServeOutput.outcome(answer))
        return
      }
      ledger.prepare(requestID: requestID)
      switch await Self.submit(store) {
      case .success(let task): submission = task
      case .failure(let refusal):
        channel.writer.write(ServeOutput.error(line: number, refusal.message, outcome: refusal.outcome))
      }
    case .dismiss:
      await store.send(.alertDismissed)
    case .show:
      channel.writer.write(ServeOutput.state(await store.state))
    }
  }

  /// The answer to a `submit` whose request id created an account already, found before the
  /// form's availability check, which would say the name is taken (by that very account).
  /// `nil` when the id is new.
  private func storedAnswer(
    _ requestID: String, in directory: UserDirectory, store: StoreActor<SignUpForm.State, SignUpForm.Action>
  ) async -> ServeOutput.OutcomeLine? {
    let state = await store.state
    let request = SignUpRequest(
      username: state.username, email: state.email, password: "", requestID: requestID)
    do {
      guard let stored = try await directory.storedSignUp(requestID) else { return nil }
      try SignUpRules.answer(request, storedUsername: stored)
      return ServeOutput.OutcomeLine(
        SignUpRequest(username: stored, email: "", password: "", requestID: requestID), stored: true)
    } catch {
      return ServeOutput.OutcomeLine(request, error: error)
    }
  }

  /// Why a `submit` was not sent.
  struct Refusal: Error {
    let message: String
    /// The error line's `outcome`: `usernameTaken` or `refused`.
    var outcome = "refused"
  }

  /// Presses Create if the form allows it, in one step on the store's actor.
  private static func submit(
    _ store: isolated StoreActor<SignUpForm.State, SignUpForm.Action>
  ) -> Result<StoreTask, Refusal> {
    let state = store.state
    if state.isSigningUp { return .failure(Refusal(message: "a sign-up is already in progress")) }
    guard state.isSignUpEnabled else {
      let taken = if case .checked(isAvailable: false, _) = state.availability { true } else { false }
      return .failure(
        Refusal(
          message: "cannot create the account: \(SignUpEvent.whyDisabled(state))",
          outcome: taken ? "usernameTaken" : "refused"))
    }
    return .success(store.send(.createButtonTapped))
  }
}
