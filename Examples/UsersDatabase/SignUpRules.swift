import UserDirectoryClient

/// The checks every live directory makes of a sign-up, whatever stores it.
package enum SignUpRules {
  /// Refuses a request no directory may store: an empty username, an e-mail address that fails
  /// ``UserDirectory/isValidEmail(_:)``, or a request id that fails
  /// ``SignUpRequest/isValidRequestID(_:)``.
  package static func check(_ request: SignUpRequest) throws(UserDirectoryError) {
    guard !request.username.isEmpty else { throw .usernameTaken(request.username) }
    guard UserDirectory.isValidEmail(request.email) else { throw .invalidEmail(request.email) }
    if let id = request.requestID, !SignUpRequest.isValidRequestID(id) {
      throw .storage(
        "a request id is 1 to \(SignUpRequest.longestRequestID) ASCII letters, digits, '-', '_', '.' or ':'")
    }
  }

  /// The answer to `request` when its id already created the account of `storedUsername`: the
  /// first answer (success) when that account is the one `request` asks for (the same
  /// ``UsernameKey``), or ``UserDirectoryError/requestIDReused(_:)``.
  package static func answer(_ request: SignUpRequest, storedUsername: String) throws(UserDirectoryError) {
    guard UsernameKey.of(storedUsername) == UsernameKey.of(request.username) else {
      throw .requestIDReused(request.requestID ?? "")
    }
  }
}
