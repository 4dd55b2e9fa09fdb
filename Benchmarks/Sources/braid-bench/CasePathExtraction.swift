import Braid

/// The parent actions of workload 4.
enum ParentAction: Sendable {
  case child(Int)
  case other(Int)
  case reset
}

/// The floor: a hand-written `if case` closure, returned from a function the optimizer may not
/// inline so it is called through the closure like a case path.
@inline(never)
func handWrittenExtract() -> (ParentAction) -> Int? {
  { action in
    if case .child(let value) = action { return value }
    return nil
  }
}

@MainActor
func casePathRows(_ config: Config) -> [Row] {
  let operations = config.operations(10_000_000)
  let casePath = /ParentAction.child
  let hand = handWrittenExtract()
  let matching = (0..<1_024).map { ParentAction.child($0) }
  let nonMatching = (0..<1_024).map { $0 % 2 == 0 ? ParentAction.other($0) : .reset }

  func row(_ name: String, _ values: [ParentAction], expectMatch: Bool) -> Row {
    let braid = measure(config, operations: operations) { n in
      var sum = 0
      var hits = 0
      for i in 0..<n {
        if let value = casePath.extract(from: values[i & 1_023]) {
          sum &+= value
          hits += 1
        }
      }
      precondition((hits == n) == expectMatch)
      blackHole(sum)
    }
    let floor = measure(config, operations: operations) { n in
      var sum = 0
      var hits = 0
      for i in 0..<n {
        if let value = hand(values[i & 1_023]) {
          sum &+= value
          hits += 1
        }
      }
      precondition((hits == n) == expectMatch)
      blackHole(sum)
    }
    return Row(workload: "case-path", name: name, operations: operations, braid: braid, floor: floor)
  }

  return [
    row("/Action.child matching", matching, expectMatch: true),
    row("/Action.child non-matching", nonMatching, expectMatch: false),
  ]
}
