/// A digest of a value's content that agrees across processes and machines: a stable hash of
/// its structure, walked through `Mirror` (field labels, enum case names, leaf descriptions),
/// with dictionary and set entries taken in an order of their own content rather than their
/// per-process hash order. Braid's dump hooks play no part.
///
/// A trace records one after each reduced action; a replay computes it again and compares.
public enum StateDigest {
  /// The digest of `value`: 16 hexadecimal digits.
  ///
  /// - Parameter value: Any value, such as a feature's state.
  /// - Returns: The digest.
  public static func of(_ value: Any) -> String {
    var walker = DigestWalker()
    walker.feed(value)
    return StableHash.hex(walker.hash)
  }
}

/// Feeds a value's structure into a stable 64-bit hash, without building any text of it: the
/// walk through `ValueDump`'s rendering was two thirds of a recorded send (the recorded-send row
/// of Benchmarks/instructions.sh).
struct DigestWalker {
  var hash = StableHash.seed
  /// Objects already walked, by identity, numbered: a cycle or a shared object is fed once.
  private var objects: [ObjectIdentifier: Int] = [:]

  mutating func feed(_ value: Any) {
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      if let wrapped = mirror.children.first {
        mix(1)
        feed(wrapped.value)
      } else {
        mix(0)
      }
    case .collection:
      mix(2)
      mix(UInt64(mirror.children.count))
      for child in mirror.children { feed(child.value) }
    case .set, .dictionary:
      // Each entry's own digest, sorted: the same entries give the same sequence in any process.
      mix(mirror.displayStyle == .set ? 3 : 4)
      var entries = mirror.children.map { child -> UInt64 in
        var entry = DigestWalker()
        entry.feed(child.value)
        return entry.hash
      }
      entries.sort()
      mix(UInt64(entries.count))
      for entry in entries { mix(entry) }
    case .enum:
      mix(5)
      if let payload = mirror.children.first {
        mix(payload.label ?? "")
        feed(payload.value)
      } else {
        mix(String(describing: value))
      }
    case .class:
      let id = ObjectIdentifier(value as AnyObject)
      if let number = objects[id] {
        mix(6)
        mix(UInt64(number))
        return
      }
      objects[id] = objects.count
      mix(7)
      feedFields(of: mirror)
    default:
      if mirror.children.isEmpty {
        // A leaf: a number, a string, a Boolean, a case without payload of a custom enum.
        mix(8)
        mix(String(describing: value))
      } else {
        mix(9)
        feedFields(of: mirror)
      }
    }
  }

  private mutating func feedFields(of mirror: Mirror) {
    if let superclass = mirror.superclassMirror { feedFields(of: superclass) }
    mix(UInt64(mirror.children.count))
    for child in mirror.children {
      mix(child.label ?? "")
      feed(child.value)
    }
  }

  private mutating func mix(_ text: String) {
    mix(UInt64(text.utf8.count))
    for byte in text.utf8 { StableHash.mix(byte, into: &hash) }
  }

  private mutating func mix(_ word: UInt64) {
    for shift in stride(from: 0, to: 64, by: 8) {
      StableHash.mix(UInt8(truncatingIfNeeded: word >> UInt64(shift)), into: &hash)
    }
  }
}
