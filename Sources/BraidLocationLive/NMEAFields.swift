/// The comma-separated fields of one sentence body, read straight from its UTF-8 bytes.
///
/// Numbers are parsed by hand: a decimal with at most 15 significant digits is an exact integer
/// divided by an exact power of ten, which IEEE division rounds correctly, so the result is the
/// `Double` that `Double(String)` gives, at a fraction of its cost. Longer numbers fall back to
/// `Double(String)`.
struct NMEAFields {
  private let bytes: UnsafeBufferPointer<UInt8>
  /// The start of each field, then one past the end of the last field.
  private var starts: [Int] = []

  /// Splits `body` (the bytes between `$` and `*`) at its commas.
  init(_ body: UnsafeBufferPointer<UInt8>) {
    bytes = body
    starts.reserveCapacity(24)
    starts.append(0)
    for index in body.indices where body[index] == UInt8(ascii: ",") { starts.append(index + 1) }
    starts.append(body.count + 1)
  }

  var count: Int { starts.count - 1 }

  /// The bytes of field `index`, or `nil` when it is missing or empty.
  func raw(_ index: Int) -> UnsafeBufferPointer<UInt8>? {
    guard index < count else { return nil }
    let start = starts[index]
    let end = starts[index + 1] - 1
    guard end > start else { return nil }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// Field `index` as text.
  func text(_ index: Int) -> String? {
    raw(index).map { String(decoding: $0, as: UTF8.self) }
  }

  /// Whether field `index` is exactly the one ASCII character `character`.
  func isCharacter(_ index: Int, _ character: Unicode.Scalar) -> Bool {
    guard let field = raw(index) else { return false }
    return field.count == 1 && field[0] == UInt8(ascii: character)
  }

  /// Field `index` as a decimal number.
  func number(_ index: Int) -> Double? {
    raw(index).flatMap(Self.decimal)
  }

  /// Field `index` as an integer; a decimal is truncated, as receivers sometimes send `08.0`.
  func integer(_ index: Int) -> Int? {
    guard let value = number(index), value.isFinite, abs(value) < 1e15 else { return nil }
    return Int(value)
  }

  /// Exact powers of ten up to 10^22, the largest a `Double` holds exactly.
  private static let powersOfTen: [Double] = (0...22).map { exponent in
    var value = 1.0
    for _ in 0..<exponent { value *= 10 }
    return value
  }

  /// Parses `[+-]digits[.digits]`; `nil` for anything else.
  static func decimal(_ field: UnsafeBufferPointer<UInt8>) -> Double? {
    var index = 0
    var negative = false
    if field[0] == UInt8(ascii: "-") || field[0] == UInt8(ascii: "+") {
      negative = field[0] == UInt8(ascii: "-")
      index = 1
    }
    var mantissa: UInt64 = 0
    var digits = 0
    var significant = 0
    var fractionDigits = 0
    var seenPoint = false
    while index < field.count {
      let byte = field[index]
      if byte == UInt8(ascii: ".") {
        guard !seenPoint else { return nil }
        seenPoint = true
      } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        digits += 1
        if mantissa != 0 || byte != UInt8(ascii: "0") { significant += 1 }
        if significant > 15 { return Double(String(decoding: field, as: UTF8.self)) }
        mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
        if seenPoint { fractionDigits += 1 }
      } else {
        return nil
      }
      index += 1
    }
    guard digits > 0 else { return nil }
    guard fractionDigits < powersOfTen.count else { return Double(String(decoding: field, as: UTF8.self)) }
    let value = Double(mantissa) / powersOfTen[fractionDigits]
    return negative ? -value : value
  }
}
