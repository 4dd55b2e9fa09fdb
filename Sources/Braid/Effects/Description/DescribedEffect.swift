/// An effect that a store whose effects are described stood in for: which kind of effect it was,
/// the cancellation ids around it, and the action that returned it.
///
/// A `TestStore` made with `effects: .described` gives them to a test to assert, answer and
/// complete (BraidTesting's `effectStarted`, `answer` and `complete`); an exploration answers
/// them itself.
public struct DescribedEffect: Hashable, Sendable, CustomStringConvertible {
  /// The kinds of effect that are described.
  public enum Kind: String, Hashable, Sendable {
    /// An `Effect.run`.
    case run
    /// An `Effect.subscribe`.
    case subscribe
  }

  /// The effect's number in its store, from 1, in the order the effects started.
  public let number: Int
  /// Whether it was a `run` or a `subscribe`.
  public let kind: Kind
  /// The cancellation ids around it, outermost first, as printed (`"\(id)"`): a private
  /// `CancelID.search` is `"search"`.
  public let cancellationIDs: [String]
  /// The action that returned it, as failure messages print it, or the hook that started it.
  public let startedBy: String
  /// The timing operator that built it (a `debounce`'s wait, a `throttle`'s), or `nil`.
  public let timing: EffectTiming?

  /// An effect, as its store described it.
  ///
  /// - Parameters:
  ///   - number: Its number in its store, from 1.
  ///   - kind: `run` or `subscribe`.
  ///   - cancellationIDs: The cancellation ids around it, as printed, outermost first.
  ///   - startedBy: The action that returned it, or the hook that started it.
  ///   - timing: The timing operator that built it, if one did.
  public init(
    number: Int, kind: Kind, cancellationIDs: [String], startedBy: String, timing: EffectTiming? = nil
  ) {
    self.number = number
    self.kind = kind
    self.cancellationIDs = cancellationIDs
    self.startedBy = startedBy
    self.timing = timing
  }

  public var description: String {
    let ids = cancellationIDs.isEmpty ? "" : " under \(cancellationIDs.joined(separator: ", "))"
    let timed = timing.map { ", \($0)" } ?? ""
    return "effect #\(number) (\(kind.rawValue)\(ids)\(timed), started by \(startedBy))"
  }
}
