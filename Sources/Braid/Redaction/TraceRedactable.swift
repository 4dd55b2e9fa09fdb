/// A value that holds secrets a trace must not: a password, a token, a verification code.
///
/// Conform a feature's `State` and `Action` to it, and replace each secret with the
/// redactor's placeholder:
///
/// ```swift
/// extension SignUpForm.State: TraceRedactable {
///   public mutating func redactSecrets(with redactor: inout SecretRedactor) {
///     redactor.redact(&password)
///     redactor.redact(&passwordVerification)
///   }
/// }
/// ```
///
/// It lives in `Braid`, so a feature marks its secrets without linking a tool. `BraidTrace`'s
/// `TraceRecorder` redacts every action, the initial state, each keyframe, and the state
/// each digest is taken of, with one redactor per trace: the same secret always gets the same
/// placeholder and two different secrets two different ones, each as long as its secret. So a
/// rule on a secret's length, on two secrets being equal, or on its kinds of characters replays
/// as it ran; a rule on its exact characters (a password that must not contain the username)
/// does not, and a replay reports the divergence.
public protocol TraceRedactable {
  /// Replaces every secret this value holds with `redactor`'s placeholder for it.
  ///
  /// - Parameter redactor: Gives each secret its placeholder.
  mutating func redactSecrets(with redactor: inout SecretRedactor)
}
