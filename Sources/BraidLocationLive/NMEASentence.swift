/// One NMEA 0183 sentence a location fix is built from, with its fields decoded.
///
/// Parsing checks the checksum (the XOR of the bytes between `$` and `*`, compared without
/// regard to case) and the talker (`GP`, `GN`, `GL`, `GA`, `GB`, `BD`, `QZ`, `GI`: the decoder is
/// chosen by the sentence type, whatever the talker). Empty fields decode as `nil`.
public enum NMEASentence: Sendable, Equatable {
  /// GGA: time, position, fix quality, satellites, HDOP, altitude.
  case gga(GGA)
  /// RMC: time, status, position, speed, course, date.
  case rmc(RMC)
  /// GLL: position, time, status.
  case gll(GLL)
  /// VTG: course and speed.
  case vtg(VTG)
  /// GSA: fix type and dilutions of precision.
  case gsa(GSA)

  /// A GGA sentence.
  public struct GGA: Sendable, Equatable {
    /// Seconds since midnight UTC.
    public var time: Double?
    /// Degrees; `nil` when the receiver has no position.
    public var latitude: Double?
    /// Degrees.
    public var longitude: Double?
    /// 0 none, 1 GPS, 2 DGPS, 4 RTK fixed, 5 RTK float, 6 estimated.
    public var quality: Int?
    /// Satellites used.
    public var satellites: Int?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Metres above mean sea level.
    public var altitude: Double?
  }

  /// An RMC sentence.
  public struct RMC: Sendable, Equatable {
    /// Seconds since midnight UTC.
    public var time: Double?
    /// `true` for status `A` (valid).
    public var isValid: Bool
    /// Degrees.
    public var latitude: Double?
    /// Degrees.
    public var longitude: Double?
    /// Speed over ground in knots.
    public var speedKnots: Double?
    /// Course over ground, degrees true.
    public var course: Double?
    /// Day, month and full year (two-digit years map to 1969…2068); `nil` when the field is
    /// empty or names no real day (31 February).
    public var date: (day: Int, month: Int, year: Int)?

    /// Whether two RMC sentences carry the same values.
    public static func == (lhs: Self, rhs: Self) -> Bool {
      lhs.time == rhs.time && lhs.isValid == rhs.isValid && lhs.latitude == rhs.latitude
        && lhs.longitude == rhs.longitude && lhs.speedKnots == rhs.speedKnots && lhs.course == rhs.course
        && lhs.date?.day == rhs.date?.day && lhs.date?.month == rhs.date?.month && lhs.date?.year == rhs.date?.year
    }
  }

  /// A GLL sentence.
  public struct GLL: Sendable, Equatable {
    /// Degrees.
    public var latitude: Double?
    /// Degrees.
    public var longitude: Double?
    /// Seconds since midnight UTC.
    public var time: Double?
    /// `true` for status `A` (valid).
    public var isValid: Bool
  }

  /// A VTG sentence.
  public struct VTG: Sendable, Equatable {
    /// Course over ground, degrees true.
    public var course: Double?
    /// Speed over ground in knots.
    public var speedKnots: Double?
  }

  /// A GSA sentence.
  public struct GSA: Sendable, Equatable {
    /// 1 no fix, 2 two-dimensional, 3 three-dimensional.
    public var fixType: Int?
    /// Position dilution of precision.
    public var pdop: Double?
    /// Horizontal dilution of precision.
    public var hdop: Double?
    /// Vertical dilution of precision.
    public var vdop: Double?
  }

  /// Why a line gave no sentence: a counted skip, never an error.
  public enum Skip: Sendable, Equatable, Hashable {
    /// Not a `$` sentence (a comment, binary noise, an AIS `!` sentence).
    case notASentence
    /// Longer than ``NMEASentence/maximumLength``.
    case tooLong
    /// No `*hh` checksum.
    case missingChecksum
    /// The checksum does not match.
    case badChecksum
    /// A proprietary (`$P…`) sentence.
    case proprietary
    /// A sentence type Braid does not decode (GSV, ZDA, RMB, …).
    case unsupported
    /// A decoded type whose fields are not what the type requires.
    case malformed
  }

  /// The longest line accepted, in bytes: the standard says 82, real receivers send up to about
  /// 95 and gpsd accepts up to 130.
  public static let maximumLength = 130

  /// Parses one line (without or with its line ending).
  ///
  /// - Parameter line: The bytes of one line.
  /// - Returns: The sentence, or why the line was skipped.
  public static func parse(_ line: some StringProtocol) -> Result<NMEASentence, SkipError> {
    var line = String(line)
    return line.withUTF8 { parse(bytes: $0) }
  }

  /// Parses one line from its UTF-8 bytes.
  static func parse(bytes line: UnsafeBufferPointer<UInt8>) -> Result<NMEASentence, SkipError> {
    var end = line.count
    while end > 0, line[end - 1] == UInt8(ascii: "\r") || line[end - 1] == UInt8(ascii: "\n") { end -= 1 }
    guard end <= maximumLength else { return .failure(SkipError(.tooLong)) }
    guard end > 0, line[0] == UInt8(ascii: "$") else { return .failure(SkipError(.notASentence)) }
    guard let star = line[..<end].lastIndex(of: UInt8(ascii: "*")) else {
      return .failure(SkipError(.missingChecksum))
    }
    guard end - star == 3, let high = hexDigit(line[star + 1]), let low = hexDigit(line[star + 2]) else {
      return .failure(SkipError(.missingChecksum))
    }
    let body = UnsafeBufferPointer(rebasing: line[1..<star])
    guard body.reduce(UInt8(0), ^) == high << 4 | low else { return .failure(SkipError(.badChecksum)) }
    let fields = NMEAFields(body)
    let address = fields.raw(0)
    if address?.first == UInt8(ascii: "P") { return .failure(SkipError(.proprietary)) }
    guard let address, address.count == 5 else { return .failure(SkipError(.notASentence)) }
    let decoded: NMEASentence?
    switch (address[2], address[3], address[4]) {
    case (UInt8(ascii: "G"), UInt8(ascii: "G"), UInt8(ascii: "A")): decoded = gga(fields)
    case (UInt8(ascii: "R"), UInt8(ascii: "M"), UInt8(ascii: "C")): decoded = rmc(fields)
    case (UInt8(ascii: "G"), UInt8(ascii: "L"), UInt8(ascii: "L")): decoded = gll(fields)
    case (UInt8(ascii: "V"), UInt8(ascii: "T"), UInt8(ascii: "G")): decoded = vtg(fields)
    case (UInt8(ascii: "G"), UInt8(ascii: "S"), UInt8(ascii: "A")): decoded = gsa(fields)
    default: return .failure(SkipError(.unsupported))
    }
    guard let decoded else { return .failure(SkipError(.malformed)) }
    return .success(decoded)
  }

  private static func hexDigit(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }

  /// A skipped line, as an `Error` so that ``parse(_:)`` can return a `Result`.
  public struct SkipError: Error, Sendable, Equatable {
    /// Why the line was skipped.
    public let reason: Skip

    init(_ reason: Skip) { self.reason = reason }
  }
}

// MARK: - Field decoding

extension NMEASentence {
  /// `hhmmss.sss` as seconds since midnight.
  static func time(_ fields: NMEAFields, _ index: Int) -> Double? {
    guard let text = fields.raw(index), text.count >= 6 else { return nil }
    func twoDigits(_ at: Int) -> Int? {
      let (tens, ones) = (text[at], text[at + 1])
      guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(tens),
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(ones)
      else { return nil }
      return Int(tens - UInt8(ascii: "0")) * 10 + Int(ones - UInt8(ascii: "0"))
    }
    guard let hours = twoDigits(0), let minutes = twoDigits(2),
      let seconds = NMEAFields.decimal(UnsafeBufferPointer(rebasing: text[4...])),
      hours < 24, minutes < 60, seconds < 61
    else { return nil }
    return Double(hours * 3600 + minutes * 60) + seconds
  }

  /// `ddmm.mmmm` (or `dddmm.mmmm`) with its hemisphere as signed degrees.
  static func coordinate(_ fields: NMEAFields, _ index: Int, limit: Double) -> Double? {
    guard let value = fields.number(index), value >= 0, let hemisphere = fields.raw(index + 1), hemisphere.count == 1
    else { return nil }
    let degrees = (value / 100).rounded(.down)
    let minutes = value - degrees * 100
    guard minutes < 60 else { return nil }
    let result = degrees + minutes / 60
    guard result <= limit else { return nil }
    switch hemisphere[0] {
    case UInt8(ascii: "N"), UInt8(ascii: "E"): return result
    case UInt8(ascii: "S"), UInt8(ascii: "W"): return -result
    default: return nil
    }
  }

  private static func position(_ fields: NMEAFields, _ at: Int) -> (Double?, Double?)? {
    // Both present, or both empty (no fix yet); half a position is malformed.
    if fields.raw(at) == nil, fields.raw(at + 2) == nil { return (nil, nil) }
    guard let latitude = coordinate(fields, at, limit: 90), let longitude = coordinate(fields, at + 2, limit: 180)
    else { return nil }
    return (latitude, longitude)
  }

  private static func gga(_ fields: NMEAFields) -> NMEASentence? {
    guard fields.count >= 10, let (latitude, longitude) = position(fields, 2) else { return nil }
    return .gga(
      GGA(
        time: time(fields, 1), latitude: latitude, longitude: longitude, quality: fields.integer(6),
        satellites: fields.integer(7), hdop: fields.number(8), altitude: fields.number(9)))
  }

  private static func rmc(_ fields: NMEAFields) -> NMEASentence? {
    guard fields.count >= 10, let (latitude, longitude) = position(fields, 3) else { return nil }
    var date: (day: Int, month: Int, year: Int)?
    if let text = fields.raw(9), text.count == 6,
      text.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }),
      let value = fields.integer(9)
    {
      let (day, month, year) = (value / 10000, value / 100 % 100, value % 100)
      let fullYear = year < 69 ? 2000 + year : 1900 + year
      if CalendarDay.isValid(year: fullYear, month: month, day: day) { date = (day, month, fullYear) }
    }
    return .rmc(
      RMC(
        time: time(fields, 1), isValid: fields.isCharacter(2, "A"), latitude: latitude, longitude: longitude,
        speedKnots: fields.number(7), course: fields.number(8), date: date))
  }

  private static func gll(_ fields: NMEAFields) -> NMEASentence? {
    guard fields.count >= 7, let (latitude, longitude) = position(fields, 1) else { return nil }
    return .gll(
      GLL(latitude: latitude, longitude: longitude, time: time(fields, 5), isValid: fields.isCharacter(6, "A")))
  }

  private static func vtg(_ fields: NMEAFields) -> NMEASentence? {
    guard fields.count >= 6 else { return nil }
    // NMEA 2.3 has unit letters after each value; very old receivers omit them.
    if fields.count >= 9, fields.isCharacter(2, "T") || fields.raw(2) == nil {
      return .vtg(VTG(course: fields.number(1), speedKnots: fields.number(5)))
    }
    return .vtg(VTG(course: fields.number(1), speedKnots: fields.number(3)))
  }

  private static func gsa(_ fields: NMEAFields) -> NMEASentence? {
    guard fields.count >= 18 else { return nil }
    return .gsa(
      GSA(
        fixType: fields.integer(2), pdop: fields.number(15), hdop: fields.number(16), vdop: fields.number(17)))
  }
}
