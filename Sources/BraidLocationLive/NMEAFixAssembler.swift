import BraidLocation
import Foundation

/// Merges the NMEA sentences of one epoch (one UTC time of fix) into one `Location`.
///
/// A receiver sends several sentences per epoch (GGA, RMC, GSA, VTG…), each with part of the
/// fix. Sentences that carry a time open a new epoch when their time differs from the current
/// one, which closes the current epoch and delivers its fix; sentences without a time (GSA, VTG)
/// add to the current epoch. ``finish()`` closes the last epoch at the end of input.
///
/// An epoch gives a fix when it has a position and a sentence that says the position is valid:
/// a GGA with quality above 0, an RMC or GLL with status `A`. (gpsd is looser: it also reports a
/// GGA position of quality 0; Braid drops it, because the receiver says it has no fix.)
/// Accuracy is estimated from the dilutions of precision as gpsd does: HDOP × 19 m horizontally,
/// VDOP × 23 m vertically. Every fix passes `Location.validated()`: a negative speed or a course
/// of −720° is dropped from it, as gpsd's reports are.
public struct NMEAFixAssembler: Sendable {
  private struct Epoch: Sendable {
    var time: Double?
    var latitude: Double?
    var longitude: Double?
    var isValid = false
    var altitude: Double?
    var speedKnots: Double?
    var course: Double?
    var hdop: Double?
    var vdop: Double?
    var quality: Location.FixQuality?
  }

  private var epoch = Epoch()
  /// The last date an RMC gave, carried to later epochs.
  private var date: (day: Int, month: Int, year: Int)?

  /// An assembler with no epoch open.
  public init() {}

  /// Adds a sentence.
  ///
  /// - Parameter sentence: The next sentence from the receiver.
  /// - Returns: The fix of the epoch this sentence closed, if it had one.
  public mutating func add(_ sentence: NMEASentence) -> Location? {
    let closed = open(time(of: sentence))
    switch sentence {
    case .gga(let gga):
      setPosition(gga.latitude, gga.longitude, preferred: true)
      if let quality = gga.quality, quality > 0 { epoch.isValid = true }
      epoch.altitude = gga.altitude ?? epoch.altitude
      epoch.hdop = gga.hdop ?? epoch.hdop
      epoch.quality = gga.quality.map(Self.quality(ggaQuality:)) ?? epoch.quality
    case .rmc(let rmc):
      setPosition(rmc.latitude, rmc.longitude, preferred: false)
      if rmc.isValid { epoch.isValid = true }
      epoch.speedKnots = rmc.speedKnots ?? epoch.speedKnots
      epoch.course = rmc.course ?? epoch.course
      if let rmcDate = rmc.date { date = rmcDate }
    case .gll(let gll):
      setPosition(gll.latitude, gll.longitude, preferred: false)
      if gll.isValid { epoch.isValid = true }
    case .vtg(let vtg):
      epoch.speedKnots = epoch.speedKnots ?? vtg.speedKnots
      epoch.course = epoch.course ?? vtg.course
    case .gsa(let gsa):
      epoch.hdop = epoch.hdop ?? gsa.hdop
      epoch.vdop = gsa.vdop ?? epoch.vdop
    }
    return closed
  }

  /// Closes the open epoch: call at the end of input.
  ///
  /// - Returns: Its fix, if it had one.
  public mutating func finish() -> Location? {
    defer { epoch = Epoch() }
    return fix(of: epoch)
  }

  /// Starts the epoch of `time` when it differs from the open one; returns the closed fix.
  private mutating func open(_ time: Double?) -> Location? {
    guard let time else { return nil }
    guard let current = epoch.time else {
      epoch.time = time
      return nil
    }
    guard current != time else { return nil }
    let closed = fix(of: epoch)
    epoch = Epoch(time: time)
    return closed
  }

  private mutating func setPosition(_ latitude: Double?, _ longitude: Double?, preferred: Bool) {
    guard let latitude, let longitude else { return }
    if preferred || epoch.latitude == nil {
      epoch.latitude = latitude
      epoch.longitude = longitude
    }
  }

  private func time(of sentence: NMEASentence) -> Double? {
    switch sentence {
    case .gga(let gga): gga.time
    case .rmc(let rmc): rmc.time
    case .gll(let gll): gll.time
    case .vtg, .gsa: nil
    }
  }

  private func fix(of epoch: Epoch) -> Location? {
    guard epoch.isValid, let latitude = epoch.latitude, let longitude = epoch.longitude else { return nil }
    return Location(
      latitude: latitude,
      longitude: longitude,
      altitude: epoch.altitude,
      horizontalAccuracy: epoch.hdop.map { $0 * 19 },
      verticalAccuracy: epoch.vdop.map { $0 * 23 },
      speed: epoch.speedKnots.map { $0 * 1852 / 3600 },
      course: epoch.course,
      timestamp: timestamp(epoch.time),
      quality: epoch.quality ?? .gps
    ).validated()
  }

  private func timestamp(_ time: Double?) -> Date? {
    guard let time, let date else { return nil }
    // Counted from 2001 as `Date` stores it, so the sum rounds once.
    let days = Self.daysSince1970(year: date.year, month: date.month, day: date.day) - 11_323
    return Date(timeIntervalSinceReferenceDate: Double(days) * 86_400 + time)
  }

  /// Days from 1970-01-01 to a date of the proleptic Gregorian calendar (the civil-from-days
  /// algorithm run backwards: years begin in March, so February's length stops mattering).
  static func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  private static func quality(ggaQuality: Int) -> Location.FixQuality {
    switch ggaQuality {
    case 2: .differential
    case 4: .rtkFixed
    case 5: .rtkFloat
    case 6: .estimated
    default: .gps
    }
  }
}
