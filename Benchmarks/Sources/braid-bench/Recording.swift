import Workloads

/// A trace recorder attached to a store: a root send and a sign-up keystroke, each against the
/// same store without one, and the bytes each action writes.
@MainActor
func recordingRows(_ config: Config) -> [Row] {
  let operations = config.operations(100_000)
  let send = measure(config, operations: operations) { recordedCounterSends($0, recording: true) }
  let sendBase = measure(config, operations: operations) { recordedCounterSends($0, recording: false) }
  let keystroke = measure(config, operations: operations) { recordedKeystrokes($0, recording: true) }
  let keystrokeBase = measure(config, operations: operations) { recordedKeystrokes($0, recording: false) }
  let sendBytes = Double(recordedCounterSends(10_000, recording: true)) / 10_000
  let keystrokeBytes = Double(recordedKeystrokes(10_000, recording: true)) / 10_000
  return [
    Row(
      workload: "recording", name: "root send, a trace recorder attached (peer: without)", operations: operations,
      braid: send, peer: sendBase, note: "\(Int(sendBytes.rounded())) bytes written per action"),
    Row(
      workload: "recording", name: "sign-up keystroke, a trace recorder attached (peer: without)",
      operations: operations, braid: keystroke, peer: keystrokeBase,
      note: "\(Int(keystrokeBytes.rounded())) bytes written per action, password redacted"),
  ]
}
