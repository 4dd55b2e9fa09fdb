import Foundation

/// Median, minimum and maximum of the repetitions, in nanoseconds per operation.
struct Stats: Codable, Sendable {
  let median: Double
  let min: Double
  let max: Double

  init(samples: [Double]) {
    let sorted = samples.sorted()
    median =
      sorted.count % 2 == 1
      ? sorted[sorted.count / 2]
      : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    min = sorted.first ?? 0
    max = sorted.last ?? 0
  }
}

/// One line of the results table.
struct Row: Codable, Sendable {
  let workload: String
  let name: String
  let operations: Int
  var braid: Stats?
  var floor: Stats?
  var peer: Stats?
  /// Another row's Braid median this row's Braid median is compared with (scoped send vs root).
  var reference: String?
  var braidOverReference: Double?
  var note: String?
  /// The target for the row, if it has one.
  var target: Target?
  /// VmHWM after the row was measured, in KiB (monotonic across the run).
  var peakRSSKiB: Int?

  var braidOverFloor: Double? {
    guard let braid, let floor, floor.median > 0 else { return nil }
    return braid.median / floor.median
  }

  /// The ratio the target limits.
  var targetRatio: Double? {
    switch target?.measure {
    case .overFloor: braidOverFloor
    case .overPeer: peer.flatMap { peer in braid.map { $0.median / peer.median } }
    case .overReference: braidOverReference
    case .nanoseconds, nil: nil
    }
  }

  /// Whether the row meets its target.
  var met: Bool? {
    guard let target else { return nil }
    if target.measure == .nanoseconds { return braid.map { $0.median <= target.limit } }
    guard let ratio = targetRatio else { return nil }
    return ratio <= target.limit
  }

  var peerOverBraid: Double? {
    guard let braid, let peer, braid.median > 0 else { return nil }
    return peer.median / braid.median
  }
}

/// A limit on one of a row's ratios.
struct Target: Codable, Sendable {
  enum Measure: String, Codable, Sendable {
    /// Braid's median over the floor's.
    case overFloor
    /// Braid's median over the peer's.
    case overPeer
    /// Braid's median over the reference row's Braid median.
    case overReference
    /// Braid's median itself, in nanoseconds.
    case nanoseconds
  }

  let measure: Measure
  let limit: Double
  let text: String

  init(_ measure: Measure, limit: Double, _ text: String) {
    self.measure = measure
    self.limit = limit
    self.text = text
  }
}

/// How hard to run.
struct Config: Sendable {
  let quick: Bool
  /// Measured repetitions (after one unmeasured warm-up).
  var repetitions: Int { quick ? 1 : 7 }

  /// `full` operations in a full run, a few in a quick one.
  func operations(_ full: Int) -> Int {
    quick ? Swift.max(1, Swift.min(full, full / 1_000 + 10)) : full
  }
}

/// Keeps a value alive in the optimizer's eyes.
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// Returns `value` through a call the optimizer cannot see into: a floor function passed
/// through it is called indirectly, so loops over it cannot be folded away.
@_optimize(none)
func opaque<T>(_ value: T) -> T { value }

private func nanoseconds(_ duration: Duration) -> Double {
  let (seconds, attoseconds) = duration.components
  return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
}

/// Runs `body(operations)` once to warm up, then `config.repetitions` times, timing each run.
@MainActor
func measure(_ config: Config, operations: Int, _ body: (Int) -> Void) -> Stats {
  body(operations)
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<config.repetitions {
    let start = clock.now
    body(operations)
    samples.append(nanoseconds(clock.now - start) / Double(operations))
  }
  return Stats(samples: samples)
}

/// Like ``measure(_:operations:_:)``; `body` returns the time it spent on the measured part (so
/// it can set up and tear down outside the timing).
@MainActor
func measureTimed(_ config: Config, operations: Int, _ body: (Int) -> Duration) -> Stats {
  _ = body(operations)
  var samples: [Double] = []
  for _ in 0..<config.repetitions {
    samples.append(nanoseconds(body(operations)) / Double(operations))
  }
  return Stats(samples: samples)
}

/// Like ``measure(_:operations:_:)``; `body` returns the nanoseconds it spent on the measured
/// part (so it can set up and tear down outside the timing).
@MainActor
func measureAsync(
  _ config: Config, operations: Int, _ body: (Int) async -> Duration
) async -> Stats {
  _ = await body(operations)
  var samples: [Double] = []
  for _ in 0..<config.repetitions {
    samples.append(nanoseconds(await body(operations)) / Double(operations))
  }
  return Stats(samples: samples)
}

/// Resident-set figures from /proc/self/status, in KiB.
enum Memory {
  static func field(_ name: String) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else {
      return nil
    }
    for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
      let digits = line.dropFirst(name.count + 1).filter(\.isNumber)
      return Int(digits)
    }
    return nil
  }

  /// Current resident set.
  static var rss: Int? { field("VmRSS") }
  /// Peak resident set (high-water mark).
  static var peak: Int? { field("VmHWM") }
}
