#if canImport(Glibc)
  import Glibc
#endif

/// A system call that failed, with its `errno` and the system's sentence for it.
package struct SystemError: Error, Sendable, Equatable, CustomStringConvertible {
  /// The `errno` the call left.
  package let code: Int32

  package init(code: Int32) {
    self.code = code
  }

  /// The error of the call that just failed.
  package static func lastError() -> Self {
    Self(code: errno)
  }

  /// `strerror`'s sentence: "Connection refused".
  package var description: String { String(cString: strerror(code)) }
}
