/// Stores a main-actor closure where the store's core, which belongs to no actor, keeps its
/// observers.
@usableFromInline
enum MainActorCall {
  /// `body` as a plain closure, to be called on the main actor only.
  ///
  /// A `@MainActor` function type and its plain counterpart share one representation; the
  /// conversion only drops the static isolation. A main-actor ``Store``'s core calls its
  /// observers in `send`, on the main actor. Wrapping instead in `MainActor.assumeIsolated`
  /// would check the executor on every notification.
  @usableFromInline
  static func assumingIsolation<Value>(_ body: @escaping @MainActor (Value) -> Void) -> (Value) -> Void {
    unsafeBitCast(body, to: ((Value) -> Void).self)
  }
}
