import Foundation
import Synchronization
import UserDirectoryClient

/// A crash on purpose, for the scale-out test: with `BRAID_SERVE_FAULT=kill-after-commit:N`,
/// the server kills itself with SIGKILL right after its N-th sign-up is stored, before the
/// outcome reaches the client, so the client must reconnect and send the sign-up again.
///
/// Nothing else reads the variable; unset, the directory is used as it is.
enum ServeFaultPoint {
  /// The environment variable.
  static let variable = "BRAID_SERVE_FAULT"

  /// `directory`, killing this process after its `count`-th stored sign-up, as `value` (the
  /// variable's) asks; `directory` itself when `value` is `nil`.
  ///
  /// - Throws: A message naming the accepted form, for any other value.
  static func apply(_ value: String?, to directory: UserDirectory) throws(FaultError) -> UserDirectory {
    guard let value else { return directory }
    let prefix = "kill-after-commit:"
    guard value.hasPrefix(prefix), let count = Int(value.dropFirst(prefix.count)), count > 0 else {
      throw FaultError(message: "\(variable): expected kill-after-commit:N with N at least 1, got '\(value)'")
    }
    let stored = Atomic<Int>(0)
    return UserDirectory(
      isUsernameAvailable: directory.isUsernameAvailable,
      signUp: { request in
        try await directory.signUp(request)
        guard stored.add(1, ordering: .relaxed).newValue == count else { return }
        let note = "braid-demo serve: fault point: killed after storing \(request.username)"
        FileHandle.standardError.write(
          Data((note + " (request id \(request.requestID ?? "none")), before its reply\n").utf8))
        kill(getpid(), SIGKILL)
      },
      storedSignUp: directory.storedSignUp
    )
  }

  /// A value of the variable that is not a fault point.
  struct FaultError: Error {
    let message: String
  }
}
