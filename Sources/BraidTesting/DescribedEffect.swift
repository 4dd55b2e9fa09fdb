/// An effect a ``TestStore`` made with ``TestStoreEffects/described`` stood in for: which kind
/// of effect it was, the cancellation ids around it, and the action that returned it.
///
/// Get one from ``TestStore/effectStarted(_:ids:fileID:filePath:line:column:)``, answer it with
/// ``TestStore/answer(_:with:fileID:filePath:line:column:caller:)`` and end it with
/// ``TestStore/complete(_:fileID:filePath:line:column:caller:)``.
public struct DescribedEffect: Hashable, Sendable, CustomStringConvertible {
  /// The kinds of effect that are described.
  public enum Kind: String, Hashable, Sendable {
    /// An `Effect.run`.
    case run
    /// An `Effect.subscribe`.
    case subscribe
  }

  /// The effect's number in this test store, from 1, in the order the effects started.
  public let number: Int
  /// Whether it was a `run` or a `subscribe`.
  public let kind: Kind
  /// The cancellation ids around it, outermost first, as printed (`"\(id)"`): a private
  /// `CancelID.search` is `"search"`.
  public let cancellationIDs: [String]
  /// The action that returned it, as failure messages print it, or the hook that started it.
  public let startedBy: String

  public var description: String {
    let ids = cancellationIDs.isEmpty ? "" : " under \(cancellationIDs.joined(separator: ", "))"
    return "effect #\(number) (\(kind.rawValue)\(ids), started by \(startedBy))"
  }
}
