import Foundation

/// The JSON coders a trace is written and read with: keys sorted, so that the same value is the
/// same bytes in every process (fingerprints hash them), and no slashes escaped.
package enum TraceJSON {
  package static func encoder() -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }

  package static func decoder() -> JSONDecoder {
    JSONDecoder()
  }

  /// `value` as sorted-key JSON bytes; encoding a schema or a plain `Codable` value of ours
  /// cannot fail, so a failure is a programming error reported in the bytes themselves.
  package static func encodeSorted(_ value: some Encodable) -> [UInt8] {
    (try? Array(encoder().encode(value))) ?? Array("unencodable".utf8)
  }
}
