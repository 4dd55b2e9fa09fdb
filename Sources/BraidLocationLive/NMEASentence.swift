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
    /// Day, month and full year (two-digit years map to 1969…2068).
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
    var text = Substring(line)
    while let last = text.last, last.isNewline { text.removeLast() }
    guard text.utf8.count <= maximumLength else { return .failure(SkipError(.tooLong)) }
    guard text.first == "$" else { return .failure(SkipError(.notASentence)) }
    guard let star = text.lastIndex(of: "*") else { return .failure(SkipError(.missingChecksum)) }
    let body = text[text.index(after: text.startIndex)..<star]
    let checksumText = text[text.index(after: star)...]
    guard checksumText.count == 2, let expected = UInt8(checksumText, radix: 16) else {
      return .failure(SkipError(.missingChecksum))
    }
    let actual = body.utf8.reduce(UInt8(0), ^)
    guard actual == expected else { return .failure(SkipError(.badChecksum)) }
    let fields = body.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
    guard let address = fields.first, address.count == 5 || address.hasPrefix("P") else {
      return .failure(SkipError(.notASentence))
    }
    if address.hasPrefix("P") { return .failure(SkipError(.proprietary)) }
    let type = String(address.suffix(3))
    let decoded: NMEASentence?
    switch type {
    case "GGA": decoded = gga(fields)
    case "RMC": decoded = rmc(fields)
    case "GLL": decoded = gll(fields)
    case "VTG": decoded = vtg(fields)
    case "GSA": decoded = gsa(fields)
    default: return .failure(SkipError(.unsupported))
    }
    guard let decoded else { return .failure(SkipError(.malformed)) }
    return .success(decoded)
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
  private static func field(_ fields: [String], _ index: Int) -> String? {
    guard index < fields.count, !fields[index].isEmpty else { return nil }
    return fields[index]
  }

  private static func number(_ fields: [String], _ index: Int) -> Double? {
    field(fields, index).flatMap(Double.init)
  }

  private static func integer(_ fields: [String], _ index: Int) -> Int? {
    field(fields, index).flatMap { Int($0) ?? Double($0).map { Int($0) } }
  }

  /// `hhmmss.sss` as seconds since midnight.
  static func time(_ text: String?) -> Double? {
    guard let text, text.count >= 6, let hours = Int(text.prefix(2)),
      let minutes = Int(text.dropFirst(2).prefix(2)), let seconds = Double(text.dropFirst(4)),
      hours < 24, minutes < 60, seconds < 61
    else { return nil }
    return Double(hours * 3600 + minutes * 60) + seconds
  }

  /// `ddmm.mmmm` (or `dddmm.mmmm`) with its hemisphere as signed degrees.
  static func coordinate(_ text: String?, _ hemisphere: String?, limit: Double) -> Double? {
    guard let text, let value = Double(text), value >= 0, let hemisphere else { return nil }
    let degrees = (value / 100).rounded(.down)
    let minutes = value - degrees * 100
    guard minutes < 60 else { return nil }
    let result = degrees + minutes / 60
    guard result <= limit else { return nil }
    switch hemisphere {
    case "N", "E": return result
    case "S", "W": return -result
    default: return nil
    }
  }

  private static func position(_ fields: [String], _ at: Int) -> (Double?, Double?)? {
    let latitude = coordinate(field(fields, at), field(fields, at + 1), limit: 90)
    let longitude = coordinate(field(fields, at + 2), field(fields, at + 3), limit: 180)
    // Both present, or both empty (no fix yet); half a position is malformed.
    let present = [field(fields, at), field(fields, at + 2)].compactMap { $0 }.count
    if present == 0 { return (nil, nil) }
    guard let latitude, let longitude else { return nil }
    return (latitude, longitude)
  }

  private static func gga(_ fields: [String]) -> NMEASentence? {
    guard fields.count >= 10, let (latitude, longitude) = position(fields, 2) else { return nil }
    return .gga(
      GGA(
        time: time(field(fields, 1)), latitude: latitude, longitude: longitude, quality: integer(fields, 6),
        satellites: integer(fields, 7), hdop: number(fields, 8), altitude: number(fields, 9)))
  }

  private static func rmc(_ fields: [String]) -> NMEASentence? {
    guard fields.count >= 10, let (latitude, longitude) = position(fields, 3) else { return nil }
    var date: (day: Int, month: Int, year: Int)?
    if let text = field(fields, 9), text.count == 6, let value = Int(text) {
      let (day, month, year) = (value / 10000, value / 100 % 100, value % 100)
      if (1...31).contains(day), (1...12).contains(month) {
        date = (day, month, year < 69 ? 2000 + year : 1900 + year)
      }
    }
    return .rmc(
      RMC(
        time: time(field(fields, 1)), isValid: field(fields, 2) == "A", latitude: latitude, longitude: longitude,
        speedKnots: number(fields, 7), course: number(fields, 8), date: date))
  }

  private static func gll(_ fields: [String]) -> NMEASentence? {
    guard fields.count >= 7, let (latitude, longitude) = position(fields, 1) else { return nil }
    return .gll(
      GLL(latitude: latitude, longitude: longitude, time: time(field(fields, 5)), isValid: field(fields, 6) == "A"))
  }

  private static func vtg(_ fields: [String]) -> NMEASentence? {
    guard fields.count >= 6 else { return nil }
    // NMEA 2.3 has unit letters after each value; very old receivers omit them.
    if fields.count >= 9, field(fields, 2) == "T" || field(fields, 2) == nil {
      return .vtg(VTG(course: number(fields, 1), speedKnots: number(fields, 5)))
    }
    return .vtg(VTG(course: number(fields, 1), speedKnots: number(fields, 3)))
  }

  private static func gsa(_ fields: [String]) -> NMEASentence? {
    guard fields.count >= 18 else { return nil }
    return .gsa(
      GSA(fixType: integer(fields, 2), pdop: number(fields, 15), hdop: number(fields, 16), vdop: number(fields, 17)))
  }
}
