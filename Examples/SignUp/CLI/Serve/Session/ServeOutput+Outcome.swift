import UserDirectoryClient

extension ServeOutput {
  /// The line that answers a `submit`, once, after the state line that shows its end:
  ///
  /// ```json
  /// {"message":"Welcome, alice!","outcome":"signedUp","requestId":"7f1c","stored":false,"type":"outcome","username":"alice"}
  /// ```
  ///
  /// Scripts read `outcome`, never the wording of `message`:
  /// - `signedUp`: the account exists. `stored` is `true` when a `submit` with a request id
  ///   found the account that id created before (a retry whose first answer was lost).
  /// - `usernameTaken`, `invalidEmail`: refused; nothing was stored.
  /// - `requestIdReused`: the request id created another user's account.
  /// - `failed`: the directory failed (`message` says how); nothing is known to be stored
  ///   unless a retry with the same request id says so.
  struct OutcomeLine: Encodable, Equatable, Sendable {
    let type = "outcome"
    let outcome: String
    let username: String
    let requestId: String?
    let stored: Bool
    let message: String

    /// A sign-up of `request` that succeeded, now or (`stored`) before.
    init(_ request: SignUpRequest, stored: Bool) {
      outcome = "signedUp"
      username = request.username
      requestId = request.requestID
      self.stored = stored
      message = "Welcome, \(request.username)!"
    }

    /// A sign-up of `request` that failed with `error`.
    init(_ request: SignUpRequest, error: any Error) {
      outcome =
        switch error as? UserDirectoryError {
        case .usernameTaken?: "usernameTaken"
        case .invalidEmail?: "invalidEmail"
        case .requestIDReused?: "requestIdReused"
        case .storage?, .unavailable?, nil: "failed"
        }
      username = request.username
      requestId = request.requestID
      stored = false
      message = "\(error)"
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: CodingKeys.self)
      try container.encode(type, forKey: .type)
      try container.encode(outcome, forKey: .outcome)
      try container.encode(username, forKey: .username)
      try container.encode(requestId, forKey: .requestId)
      try container.encode(stored, forKey: .stored)
      try container.encode(message, forKey: .message)
    }

    enum CodingKeys: String, CodingKey {
      case type, outcome, username, requestId, stored, message
    }
  }

  /// The outcome line `outcome`.
  static func outcome(_ outcome: OutcomeLine) -> String {
    encode(outcome)
  }
}
