/// FNV-1a, 64 bits: a hash that is the same in every process and on every machine, unlike
/// Swift's `Hasher`, which is seeded per process. For fingerprints and digests that only have to
/// tell changed content from unchanged, not resist an adversary.
package enum StableHash {
  /// The hash of nothing.
  package static let seed: UInt64 = 0xcbf2_9ce4_8422_2325

  /// Mixes one byte into `hash`.
  @inline(__always)
  package static func mix(_ byte: UInt8, into hash: inout UInt64) {
    hash ^= UInt64(byte)
    hash &*= 0x0000_0100_0000_01b3
  }

  /// The hash of `bytes`, as 16 lowercase hexadecimal digits.
  package static func hex(of bytes: some Sequence<UInt8>) -> String {
    var hash = seed
    for byte in bytes { mix(byte, into: &hash) }
    return hex(hash)
  }

  /// `hash` as 16 lowercase hexadecimal digits.
  package static func hex(_ hash: UInt64) -> String {
    let digits = String(hash, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}
