import CCrypt
import Foundation
import UserDirectoryClient

/// Salted, deliberately slow password hashes from the system's libcrypt (yescrypt, `$y$…`).
package enum PasswordHash {
  /// A new hash of `password` with a fresh random salt.
  package static func make(_ password: String) throws -> String {
    guard let setting = crypt_gensalt_ra("$y$", 0, nil, 0) else {
      throw UserDirectoryError.storage("could not generate a password salt")
    }
    defer { free(setting) }
    return try hash(password, setting: String(cString: setting))
  }

  /// Whether `password` produces `stored` (which carries its own salt and parameters).
  package static func verify(_ password: String, against stored: String) -> Bool {
    (try? hash(password, setting: stored)) == stored
  }

  /// The most bytes of UTF-8 the system's hashing accepts (libxcrypt's `CRYPT_MAX_PASSPHRASE_SIZE`
  /// less the terminating NUL).
  package static let longestPasswordBytes = 511

  private static func hash(_ password: String, setting: String) throws -> String {
    guard password.utf8.count <= longestPasswordBytes else {
      throw UserDirectoryError.storage(
        "passwords longer than \(longestPasswordBytes) bytes of UTF-8 cannot be hashed (this one has \(password.utf8.count))"
      )
    }
    guard !password.utf8.contains(0) else {
      throw UserDirectoryError.storage("a password cannot contain a NUL character")
    }
    let data = UnsafeMutablePointer<crypt_data>.allocate(capacity: 1)
    defer { data.deallocate() }
    memset(data, 0, MemoryLayout<crypt_data>.size)
    guard let result = crypt_r(password, setting, data) else {
      throw UserDirectoryError.storage("password hashing failed")
    }
    let hash = String(cString: result)
    guard !hash.hasPrefix("*") else { throw UserDirectoryError.storage("password hashing failed") }
    return hash
  }
}
