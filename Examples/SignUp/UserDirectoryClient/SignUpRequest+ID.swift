extension SignUpRequest {
  /// The longest request id, in bytes.
  public static let longestRequestID = 64

  /// Whether `id` can be a ``requestID``: 1 to ``longestRequestID`` ASCII letters, digits, `-`,
  /// `_`, `.` or `:` (a UUID fits), so it can be logged and stored as it is.
  public static func isValidRequestID(_ id: String) -> Bool {
    (1...longestRequestID).contains(id.utf8.count)
      && id.utf8.allSatisfy { byte in
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
          UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."),
          UInt8(ascii: ":"):
          true
        default: false
        }
      }
  }
}
