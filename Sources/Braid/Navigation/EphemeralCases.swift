import Synchronization

/// Which presented children end their presentation after their first action: alerts and dialogs
/// (``EphemeralState``), held directly or in a case of an enum destination.
///
/// Whether `State` is ephemeral is asked once; for an enum, whether each case holds an ephemeral
/// payload is asked once per case (through `Mirror`) and remembered.
@usableFromInline
final class EphemeralCases<State>: Sendable {
  /// `State` itself is ephemeral.
  let isEphemeralType: Bool
  /// `State` is an enum, whose cases may hold ephemeral payloads.
  let isEnum: Bool
  /// By case tag: whether that case's payload is ephemeral.
  let cases = Mutex<[Int: Bool]>([:])

  @usableFromInline
  init() {
    isEphemeralType = State.self is any EphemeralState.Type
    isEnum = TypeMetadata(State.self).isEnum && !isEphemeralType
  }

  /// Whether `state` ends its presentation after its first action.
  @usableFromInline
  func isEphemeral(_ state: State) -> Bool {
    if isEphemeralType { return true }
    guard isEnum else { return false }
    let tag = EnumWitnesses(of: State.self).tag(of: state)
    if let known = cases.withLock({ $0[tag] }) { return known }
    let payload = Mirror(reflecting: state).children.first?.value
    let ephemeral = payload is any EphemeralState
    cases.withLock { $0[tag] = ephemeral }
    return ephemeral
  }
}
