import Braid
import BraidTrace
import Foundation

/// A folder of the counterexamples an exploration found, rerun first by the next exploration
/// that uses the folder, as Hypothesis's example database is: a bug found once is checked again
/// on every run, whatever the seed, until it is fixed (and after, as a regression check).
///
/// Each counterexample is a JSON file of its steps, named by a hash of its content. The folder
/// is made when the first one is saved.
///
/// ```swift
/// let examples = ExplorationExamples(directory: ".braid-examples/signup")
/// let report = await exploration.run(seed: 0, steps: 10_000, examples: examples)
/// ```
public struct ExplorationExamples: Sendable {
  /// The folder.
  public let directory: String

  /// The counterexamples kept in `directory`.
  ///
  /// - Parameter directory: The folder; made when the first counterexample is saved.
  public init(directory: String) {
    self.directory = directory
  }

  /// One saved step: an action sent, which answer of the newest effect under some ids, or time
  /// passing.
  struct SavedStep<Action: Codable>: Codable {
    var send: Action?
    var answer: SavedAnswer<Action>?
    /// Time passing on the walk's clock.
    var wait: Duration?
  }

  struct SavedAnswer<Action: Codable>: Codable {
    var ids: [String]
    var choice: Int
    /// The answer it was when saved, for a reader; it is made again when the step runs.
    var action: Action
    var finishes: Bool
  }

  /// The saved counterexamples' steps, oldest file name first; a file that cannot be read as
  /// steps of `Action` (another feature's, an older format) is skipped.
  func load<Action: Codable>(_: Action.Type) -> [[ExplorationStep<Action>]] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().compactMap { name in
      let path = (directory as NSString).appendingPathComponent(name)
      guard let data = FileManager.default.contents(atPath: path),
        let saved = try? TraceJSON.decoder().decode([SavedStep<Action>].self, from: data)
      else { return nil }
      return saved.compactMap { step in
        if let action = step.send { return ExplorationStep(.send(action)) }
        if let duration = step.wait { return ExplorationStep(.advance(duration)) }
        guard let answer = step.answer else { return nil }
        return ExplorationStep(
          .answer(ids: answer.ids, answer.action, finishes: answer.finishes), choice: answer.choice)
      }
    }
  }

  /// Saves `steps` as a new counterexample; one already saved is not saved twice.
  ///
  /// - Throws: The error that stopped the folder or the file from being written.
  func save<Action: Codable>(_ steps: [ExplorationStep<Action>]) throws {
    let saved = steps.map { step -> SavedStep<Action> in
      switch step.kind {
      case .send(let action): SavedStep(send: action)
      case .answer(let ids, let action, let finishes):
        SavedStep(answer: SavedAnswer(ids: ids, choice: step.choice ?? 0, action: action, finishes: finishes))
      case .advance(let duration): SavedStep(wait: duration)
      }
    }
    let data = try TraceJSON.encoder().encode(saved)
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    let path = (directory as NSString).appendingPathComponent("counterexample-\(StableHash.hex(of: data)).json")
    guard !FileManager.default.fileExists(atPath: path) else { return }
    try data.write(to: URL(fileURLWithPath: path), options: .withoutOverwriting)
  }
}

extension Exploration where Action: Codable {
  /// Reruns the counterexamples saved in `examples` first, then walks as
  /// ``run(seed:steps:progress:)`` does; a new counterexample is saved there.
  ///
  /// A saved counterexample that still breaks a rule is shrunk again and reported, before any
  /// walk; one that no longer does is kept, and checked again next time.
  ///
  /// - Parameters:
  ///   - seed: The seed of the walks.
  ///   - steps: The walks' budget (reruns are not counted).
  ///   - examples: The folder of saved counterexamples.
  ///   - progress: Told how far the walks have got, before each walk.
  /// - Returns: The report; ``ExplorationReport/rerunExamples`` says how many were rerun.
  /// - Throws: The error that stopped a new counterexample from being saved.
  public func run(
    seed: UInt64, steps: Int, examples: ExplorationExamples,
    progress: ((ExplorationProgress) -> Void)? = nil
  ) async throws -> ExplorationReport<State, Action> {
    let saved = examples.load(Action.self)
    for steps in saved {
      guard let found = await check(steps) else { continue }
      return ExplorationReport(
        seed: seed, steps: 0, walks: 0, coverage: ExplorationCoverage(actionType: Action.self), graph: nil,
        counterexample: await shrink(found.steps, violating: found.violation), rerunExamples: saved.count)
    }
    var report = await run(seed: seed, steps: steps, progress: progress)
    report.rerunExamples = saved.count
    if let counterexample = report.counterexample { try examples.save(counterexample.steps) }
    return report
  }
}
