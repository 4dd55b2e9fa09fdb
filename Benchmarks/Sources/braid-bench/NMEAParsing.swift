import BraidLocation
import BraidLocationLive
import Foundation

/// Workload 10: the NMEA 0183 reader on a 10 MB stream made of the four real receiver logs in
/// the test fixtures, repeated: lines → `NMEASentence.parse` (checksum, fields) →
/// `NMEAFixAssembler` (one fix per epoch), as the live sources run it. The floor only splits the
/// lines and verifies their checksums, the least any reader must do.
@MainActor
func nmeaRows(_ config: Config) -> [Row] {
  let stream = nmeaStream(bytes: config.quick ? 20_000 : 10_000_000)
  let lines = stream.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
  var expectedFixes = 0

  let braid = measure(config, operations: lines) { _ in
    var assembler = NMEAFixAssembler()
    var fixes = 0
    forEachLine(in: stream) { line in
      if case .success(let sentence) = NMEASentence.parse(String(decoding: line, as: UTF8.self)),
        assembler.add(sentence) != nil
      {
        fixes += 1
      }
    }
    if assembler.finish() != nil { fixes += 1 }
    precondition(fixes > 0)
    expectedFixes = fixes
  }

  let floor = measure(config, operations: lines) { _ in
    var valid = 0
    forEachLine(in: stream) { line in
      if hasValidChecksum(line) { valid += 1 }
    }
    precondition(valid > expectedFixes)
  }

  let megabytesPerSecond = { (stats: Stats) in Double(stream.count) / Double(lines) / stats.median * 1_000 }
  let sentencesPerSecond = { (stats: Stats) in 1e9 / stats.median }
  return [
    Row(
      workload: "nmea", name: "NMEA reader, per sentence (10 MB of real logs)", operations: lines,
      braid: braid, floor: floor,
      note: String(
        format: "%.1f M sentences/s, %.0f MB/s (floor: split + checksum, %.1f M sentences/s, %.0f MB/s); %d fixes",
        sentencesPerSecond(braid) / 1e6, megabytesPerSecond(braid), sentencesPerSecond(floor) / 1e6,
        megabytesPerSecond(floor), expectedFixes))
  ]
}

/// The `$` sentences of the fixture logs, CR LF ended, repeated to at least `bytes` bytes.
private func nmeaStream(bytes: Int) -> [UInt8] {
  let fixtures = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Tests/BraidLocationTests/Fixtures")
  var sample: [UInt8] = []
  for log in ["nmea-rtk.log", "bu353-glonass.log", "garmin38.log", "nmea-fuzzy-cases.log"] {
    guard let data = FileManager.default.contents(atPath: fixtures.appendingPathComponent(log).path) else {
      fatalError("braid-bench: cannot read \(log) in \(fixtures.path); run from the repository")
    }
    for line in data.split(whereSeparator: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
    where line.first == UInt8(ascii: "$") {
      sample += line
      sample += [UInt8(ascii: "\r"), UInt8(ascii: "\n")]
    }
  }
  var stream: [UInt8] = []
  stream.reserveCapacity(bytes + sample.count)
  while stream.count < bytes { stream += sample }
  return stream
}

/// Calls `body` with each line of `stream`, without its CR LF.
@inline(__always)
private func forEachLine(in stream: [UInt8], _ body: (ArraySlice<UInt8>) -> Void) {
  var start = 0
  for index in stream.indices where stream[index] == UInt8(ascii: "\n") {
    var end = index
    if end > start, stream[end - 1] == UInt8(ascii: "\r") { end -= 1 }
    if end > start { body(stream[start..<end]) }
    start = index + 1
  }
}

/// Whether a line's checksum (XOR of the bytes between `$` and `*`) matches its two hex digits.
@inline(never)
private func hasValidChecksum(_ line: ArraySlice<UInt8>) -> Bool {
  guard line.first == UInt8(ascii: "$"), let star = line.lastIndex(of: UInt8(ascii: "*")), star + 2 < line.endIndex
  else { return false }
  var sum: UInt8 = 0
  for byte in line[(line.startIndex + 1)..<star] { sum ^= byte }
  func hex(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    default: nil
    }
  }
  guard let high = hex(line[star + 1]), let low = hex(line[star + 2]) else { return false }
  return sum == high << 4 | low
}
