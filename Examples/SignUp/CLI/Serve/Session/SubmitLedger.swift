import SignUpFeature
import Synchronization
import UserDirectoryClient

/// What one connection's `submit` lines came to: the request id the next sign-up carries, and
/// the outcome of the last one, typed, for its outcome line.
///
/// The request id is the client's, not the form's: the session hands it to the directory by
/// wrapping it (``directory(wrapping:)``), as an HTTP client adds an idempotency key, and the
/// form builds its request as ever.
final class SubmitLedger: Sendable {
  private struct State {
    var requestID: String?
    var outcome: ServeOutput.OutcomeLine?
    var sawSigningUp = false
  }

  private let state = Mutex(State())

  /// Sets the id the next sign-up carries (`nil` for none).
  func prepare(requestID: String?) {
    state.withLock { $0.requestID = requestID }
  }

  /// `base`, with each sign-up given the prepared request id and its outcome kept.
  func directory(wrapping base: UserDirectory) -> UserDirectory {
    UserDirectory(
      isUsernameAvailable: base.isUsernameAvailable,
      signUp: { [self] request in
        var request = request
        request.requestID = state.withLock { $0.requestID }
        do {
          try await base.signUp(request)
          keep(.init(request, stored: false))
        } catch {
          keep(.init(request, error: error))
          throw error
        }
      },
      storedSignUp: base.storedSignUp
    )
  }

  /// The outcome line to write after `state`'s state line: once, after the first state that
  /// ends a sign-up (the form took the outcome then), never earlier.
  func outcome(after state: SignUpForm.State) -> ServeOutput.OutcomeLine? {
    self.state.withLock { ledger in
      if state.isSigningUp {
        ledger.sawSigningUp = true
        return nil
      }
      guard ledger.sawSigningUp, let outcome = ledger.outcome else { return nil }
      ledger.sawSigningUp = false
      ledger.outcome = nil
      return outcome
    }
  }

  private func keep(_ outcome: ServeOutput.OutcomeLine) {
    state.withLock { $0.outcome = outcome }
  }
}
