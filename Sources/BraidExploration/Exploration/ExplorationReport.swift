import Braid

/// What an exploration did: its seed, how far it walked, what it covered, and the shrunk
/// counterexample when an invariant failed.
public struct ExplorationReport<State, Action: Sendable>: CustomStringConvertible {
  /// The seed the walks followed.
  public let seed: UInt64
  /// The steps taken, up to and including a violating one.
  public let steps: Int
  /// The walks started, each from the initial state.
  public let walks: Int
  /// What the walks exercised.
  public let coverage: ExplorationCoverage
  /// The state machine the walks observed, when the exploration draws one (its
  /// `graphing(_:)`).
  public let graph: TransitionGraph?
  /// The minimal failing sequence, or `nil` when every invariant held.
  public let counterexample: ExplorationCounterexample<State, Action>?
  /// How many saved counterexamples were rerun before the walks (see ``ExplorationExamples``).
  public internal(set) var rerunExamples = 0

  /// A summary line, the counterexample if any, and the coverage table.
  public var description: String {
    var lines = [
      "seed \(seed): \(steps) step(s) in \(walks) walk(s), \(counterexample == nil ? "no violation" : "a violation")"
    ]
    if rerunExamples > 0 { lines.append("\(rerunExamples) saved counterexample(s) rerun first") }
    if let counterexample { lines.append(counterexample.description) }
    // A saved counterexample that broke a rule again ends the run before any walk: a table of
    // zeros under it would say the walks never did what the counterexample just did.
    lines.append(walks == 0 ? "coverage: no walk ran, so there is none to show" : coverage.description)
    return lines.joined(separator: "\n")
  }
}
