import Foundation

/// Median of 7 timed runs (after one warm-up) of `body(operations)`, in ns per operation.
func median(operations: Int, _ body: (Int) -> Void) -> Double {
  body(operations)
  let clock = ContinuousClock()
  var samples: [Double] = []
  for _ in 0..<7 {
    let start = clock.now
    body(operations)
    let (seconds, attoseconds) = (clock.now - start).components
    samples.append((Double(seconds) * 1e9 + Double(attoseconds) / 1e9) / Double(operations))
  }
  return samples.sorted()[3]
}

/// Keeps a value alive in the optimizer's eyes.
@_optimize(none)
func blackHole<T>(_ value: T) {}

/// One line of the table: a workload measured for Braid, the peer and the floor.
struct PeerRow {
  let name: String
  let braid: Double
  let peer: Double
  let floor: Double?

  var line: String {
    let floorText = floor.map { format($0) } ?? "—"
    return "| \(name) | \(format(braid)) | \(format(peer)) | \(floorText) | \(String(format: "%.2f×", braid / peer)) |"
  }

  private func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
  }
}
