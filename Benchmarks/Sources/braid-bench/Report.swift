import Foundation

/// The RSS growth checks printed after the workloads.
struct MemoryCheck: Encodable, Sendable {
  let name: String
  let beforeKiB: Int
  let afterKiB: Int
  var growthKiB: Int { afterKiB - beforeKiB }

  enum CodingKeys: String, CodingKey { case name, beforeKiB, afterKiB, growthKiB }

  init(name: String, beforeKiB: Int, afterKiB: Int) {
    self.name = name
    self.beforeKiB = beforeKiB
    self.afterKiB = afterKiB
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(beforeKiB, forKey: .beforeKiB)
    try container.encode(afterKiB, forKey: .afterKiB)
    try container.encode(growthKiB, forKey: .growthKiB)
  }
}

/// Everything one run produced.
struct Report: Encodable, Sendable {
  var quick: Bool
  var repetitions: Int
  var rows: [Row] = []
  var memoryChecks: [MemoryCheck] = []
  var peakRSSKiB: Int?

  func json() -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    guard let data = try? encoder.encode(self) else { return "{}" }
    return String(decoding: data, as: UTF8.self)
  }

  func table() -> String {
    func ns(_ stats: Stats?) -> String {
      guard let stats else { return "—" }
      return "\(format(stats.median)) (\(format(stats.min))–\(format(stats.max)))"
    }
    func ratio(_ value: Double?) -> String {
      guard let value else { return "—" }
      return String(format: "%.2f×", value)
    }
    var lines = [
      "| Workload | ops/rep | Braid ns/op (min–max) | Floor ns/op (min–max) | Peer ns/op (min–max) | Braid/floor | Peer/Braid | Ratio | Target | Met | Peak RSS |",
      "|---|---:|---:|---:|---:|---:|---:|---:|---|---|---:|",
    ]
    for row in rows {
      var name = row.name
      if let reference = row.reference, let value = row.braidOverReference {
        name += " (\(String(format: "%.2f×", value)) \(reference))"
      }
      let peak = row.peakRSSKiB.map { "\($0 / 1024) MiB" } ?? "—"
      lines.append(
        "| \(name) | \(row.operations) | \(ns(row.braid)) | \(ns(row.floor)) | \(ns(row.peer)) | \(ratio(row.braidOverFloor)) | \(ratio(row.peerOverBraid)) | \(ratio(row.targetRatio)) | \(row.target?.text ?? "—") | \(row.met.map { $0 ? "yes" : "no" } ?? "—") | \(peak) |"
      )
    }
    let notes = rows.compactMap { row in row.note.map { "- \(row.name): \($0)" } }
    if !notes.isEmpty { lines += [""] + notes }
    if !memoryChecks.isEmpty {
      lines += ["", "| Memory check | RSS before | RSS after | Growth |", "|---|---:|---:|---:|"]
      for check in memoryChecks {
        lines.append("| \(check.name) | \(check.beforeKiB) KiB | \(check.afterKiB) KiB | \(check.growthKiB) KiB |")
      }
    }
    lines += ["", "Peak RSS (VmHWM): \(peakRSSKiB.map { "\($0) KiB" } ?? "unavailable")"]
    lines.append(
      "Repetitions per figure: \(repetitions) (median, after one warm-up)\(quick ? " — QUICK RUN, figures mean nothing" : "")"
    )
    return lines.joined(separator: "\n")
  }

  private func format(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : String(format: "%.1f", value)
  }
}
