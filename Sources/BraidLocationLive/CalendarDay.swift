/// Whether a day, month and year name a real day of the Gregorian calendar: the check NMEA
/// and gpsd dates both pass, since date arithmetic would silently turn 31 February into
/// 3 March.
enum CalendarDay {
  /// Whether `day` exists in `month` (1…12) of `year`.
  static func isValid(year: Int, month: Int, day: Int) -> Bool {
    guard (1...12).contains(month) else { return false }
    let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let lengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    return (1...lengths[month - 1]).contains(day)
  }

  /// Whether ISO 8601 text begins with a real `YYYY-MM-DD` day.
  static func isValid(iso8601 text: some StringProtocol) -> Bool {
    let parts = text.prefix(10).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
      parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
      let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2])
    else { return false }
    return isValid(year: year, month: month, day: day)
  }
}
