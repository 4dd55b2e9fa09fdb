/// Splits bytes read from a terminal in chunks at character boundaries: a character whose UTF-8
/// bytes are split across two reads (a paste, a slow terminal) is kept back until the rest
/// arrives, instead of being dropped as invalid.
package struct UTF8ChunkDecoder {
  private var pending: [UInt8] = []

  package init() {}

  /// The bytes of `chunk`, after any kept back from the previous one, up to the last complete
  /// character; an incomplete trailing character is kept for the next call.
  package mutating func complete(_ chunk: [UInt8]) -> [UInt8] {
    var bytes = pending + chunk
    pending = Self.incompleteTail(of: bytes)
    bytes.removeLast(pending.count)
    return bytes
  }

  /// The trailing bytes of `bytes` that start a multi-byte character without finishing it.
  static func incompleteTail(of bytes: [UInt8]) -> [UInt8] {
    // A character is at most 4 bytes: look back at most 3 for the byte that starts the last one.
    guard !bytes.isEmpty else { return [] }
    for back in 1...min(3, bytes.count) {
      let byte = bytes[bytes.count - back]
      guard byte & 0xC0 == 0x80 else {
        let length =
          switch byte {
          case 0xC0...0xDF: 2
          case 0xE0...0xEF: 3
          case 0xF0...0xF7: 4
          default: 1
          }
        return back < length ? Array(bytes.suffix(back)) : []
      }
    }
    return []
  }
}
