import Braid
import Foundation

/// One step of an exploration: an action sent from outside, time passing on the walk's clock,
/// or an answer of a running described effect.
public struct ExplorationStep<Action: Sendable>: Sendable, CustomStringConvertible {
  /// What the step does.
  public enum Kind: Sendable {
    /// Sends the action from outside, as a user would.
    case send(Action)
    /// Delivers the action as what the newest running effect under these cancellation ids (as
    /// printed) sent; `finishes` ends the effect after it. When no such effect runs, the step
    /// does nothing.
    case answer(ids: [String], Action, finishes: Bool)
    /// Lets the duration pass on the walk's `TestClock`, waking the effects that sleep on it
    /// in deadline order.
    case advance(Duration)
  }

  /// What the step does.
  public let kind: Kind
  /// For an answer: which of the effect's possible answers it is. The answer is made again
  /// from the state the effect started on each time the step runs, so that a shrunk sequence,
  /// whose effects start on other states, gets the answers they would have sent.
  let choice: Int?
  /// Steps like this one with simpler payloads, simplest first.
  let simpler: @Sendable () -> [ExplorationStep]

  /// A step.
  ///
  /// - Parameters:
  ///   - kind: What it does.
  ///   - simpler: Simpler steps in its place, for shrinking; none by default.
  public init(_ kind: Kind, simpler: @escaping @Sendable () -> [ExplorationStep] = { [] }) {
    self.init(kind, choice: nil, simpler: simpler)
  }

  init(_ kind: Kind, choice: Int?, simpler: @escaping @Sendable () -> [ExplorationStep] = { [] }) {
    self.kind = kind
    self.choice = choice
    self.simpler = simpler
  }

  /// The action the step delivers; `nil` for time passing, which delivers what effects send.
  public var action: Action? {
    switch kind {
    case .send(let action), .answer(_, let action, _): action
    case .advance: nil
    }
  }

  /// `send .action`, `answer [ids] with .action` or `let 0.3 seconds pass`, on one line.
  public var description: String {
    switch kind {
    case .send(let action): "send \(Self.oneLine(action))"
    case .answer(let ids, let action, let finishes):
      "answer the effect under [\(ids.joined(separator: ", "))] with \(Self.oneLine(action))\(finishes ? ", which finishes it" : "")"
    case .advance(let duration): "let \(duration) pass"
    }
  }

  /// `value`'s dump on one line: `.location(.didUpdateLocations([Location(latitude: 1.0, …)]))`.
  static func oneLine(_ value: Any) -> String {
    var text = ValueDump.dump(value).split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
      .joined(separator: " ")
    for (wide, narrow) in [("( ", "("), ("[ ", "["), (", )", ")"), (", ]", "]"), (" )", ")"), (" ]", "]")] {
      text = text.replacingOccurrences(of: wide, with: narrow)
    }
    return text
  }
}
