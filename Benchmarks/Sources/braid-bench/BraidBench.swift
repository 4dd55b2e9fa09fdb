import Braid
import Foundation
import Workloads

/// A named group of rows.
struct Workload {
  let name: String
  let run: @MainActor (Config) async -> [Row]
}

@MainActor
let workloads: [Workload] = [
  Workload(name: "root-send") { rootSendRows($0) },
  Workload(name: "scoped-send") { scopedSendRows($0) },
  Workload(name: "for-each") { forEachRows($0) },
  Workload(name: "store-actor-send") { await storeActorSendRows($0) },
  Workload(name: "store-actor-scaling") { await storeActorScalingRows($0) },
  Workload(name: "effects") { await effectRows($0) },
  Workload(name: "case-path") { casePathRows($0) },
  Workload(name: "observation") { observationRows($0) },
  Workload(name: "pipeline") { pipelineRows($0) },
  Workload(name: "signup") { signupRows($0) },
  Workload(name: "latest") { await latestRows($0) },
  Workload(name: "teststore") { await testStoreRows($0) },
  Workload(name: "recording") { recordingRows($0) },
  Workload(name: "exploration") { await explorationRows($0) },
  Workload(name: "nmea") { nmeaRows($0) },
  Workload(name: "fetched-results") { fetchedResultsDiffRows($0) },
  Workload(name: "fetched-results-latency") { await fetchedResultsLatencyRows($0) },
  Workload(name: "sharing") { await sharingRows($0) },
]

/// Writes to standard error.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    FileHandle.standardError.write(Data(string.utf8))
  }
}

@main
enum BraidBench {
  @MainActor
  static func main() async {
    var errors = StandardError()
    let arguments: Arguments
    do {
      arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
      print("braid-bench: \(error)\n\n\(Arguments.usage)", to: &errors)
      exit(2)
    }
    if arguments.help {
      print(Arguments.usage)
      return
    }
    let selected = workloads.filter { workload in
      guard let filter = arguments.filter?.lowercased() else { return true }
      return workload.name.lowercased().contains(filter)
    }
    if selected.isEmpty {
      let names = workloads.map(\.name).joined(separator: ", ")
      print("braid-bench: no workload matches '\(arguments.filter ?? "")' (workloads: \(names))", to: &errors)
      exit(2)
    }

    let config = Config(quick: arguments.quick)
    var report = Report(quick: config.quick, repetitions: config.repetitions)
    for workload in selected {
      print("running \(workload.name)…", to: &errors)
      var rows = await workload.run(config)
      for index in rows.indices where rows[index].peakRSSKiB == nil {
        rows[index].peakRSSKiB = Memory.peak
      }
      report.rows += rows
    }
    // Rows compared with another row's Braid median (scoped sends with the embedded root send).
    for index in report.rows.indices {
      guard let reference = report.rows[index].reference, let braid = report.rows[index].braid,
        let other = report.rows.first(where: { $0.name == reference })?.braid
      else { continue }
      report.rows[index].braidOverReference = braid.median / other.median
    }
    if arguments.filter == nil {
      print("running memory checks…", to: &errors)
      report.memoryChecks = await memoryChecks(config)
    }
    report.peakRSSKiB = Memory.peak
    print(arguments.json ? report.json() : report.table())
  }
}
