/// What ``EffectResources`` did with a long-lived effect's client resource (the manager or
/// delegate a `subscribe` effect keeps alive), as a ``StoreInspector`` receives it.
public struct ResourceChange: Sendable, Hashable, CustomStringConvertible {
  /// What happened to the resource.
  public enum Kind: String, Sendable, Hashable {
    /// The effect's client stored it (``EffectResources/insert(_:for:subscriber:teardown:)``).
    case inserted
    /// A command ran on it (``EffectResources/command(_:fileID:line:perform:)``).
    case commanded
    /// Its token ran: the effect ended, was cancelled, or was restarted under the same id.
    case tornDown = "torn down"
  }

  /// What happened.
  public let kind: Kind
  /// The resource's type, as printed.
  public let resource: String
  /// The cancellation id it is kept under, as printed.
  public let id: String
  /// The number of the effect that keeps it, when one does: `nil` for a command, which belongs
  /// to the action whose effect ran it.
  public let effect: Int?

  /// The change on one line, such as `Manager id "gps" inserted by effect 3`.
  public var description: String {
    "\(resource) id \(id) \(kind.rawValue)" + (effect.map { " by effect \($0)" } ?? "")
  }
}
