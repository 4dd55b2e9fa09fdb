/// What makes two presented children the same presentation: the enum case of an enum state, and
/// the `id` of an `Identifiable` one. Any other change to a presented child is the same
/// presentation, changed.
enum PresentationIdentity {
  /// Whether `before` and `after` are one presentation: both absent, or both present with the
  /// same case and the same `id`.
  static func same<State>(_ before: State?, _ after: State?) -> Bool {
    switch (before, after) {
    case (nil, nil): return true
    case (nil, _?), (_?, nil): return false
    case (let before?, let after?):
      if TypeMetadata(State.self).isEnum {
        let witnesses = EnumWitnesses(of: State.self)
        if witnesses.tag(of: before) != witnesses.tag(of: after) { return false }
      }
      guard let before = before as? any Identifiable else { return true }
      return sameID(before, after)
    }
  }

  private static func sameID<Child: Identifiable>(_ before: Child, _ after: Any) -> Bool {
    guard let after = after as? Child else { return false }
    return AnyHashable(before.id) == AnyHashable(after.id)
  }
}
