/// What `Task.cancel(id:)` reaches from inside an effect: the store the effect was started in.
///
/// A class-bound protocol, so that the effect's handle holds it as one reference. The task-local
/// used to hold the effect's `Send`, a two-reference struct copied in and out of an existential
/// through its value witnesses (a cancellable start + cancel took 19,696 instructions, now
/// 19,051).
@usableFromInline
protocol EffectCanceller: AnyObject, Sendable {
  /// Cancels the effects started under `id` in `context`'s child feature.
  func cancel(id: AnyHashableSendable, in context: EffectContext) async
}

/// The effect the current task runs for, set while an `Effect.run` operation runs.
enum RunningEffect {
  @TaskLocal static var current: EffectHandle?
}

extension SendLinks: EffectCanceller {
  @usableFromInline
  func cancel(id: AnyHashableSendable, in context: EffectContext) async {
    let starter = self.starter
    _ = await isolation.run { starter(.cancel(id: id), context) }
  }
}

/// Runs an effect's `operation` with the task-local values an effect runs under: `running` as
/// the effect `Task.cancel(id:)` reaches, and `dependencies` as the current dependency values
/// (bound only when needed: see `DependencyValues.withCurrent(_:isolation:operation:)`).
@usableFromInline
func withEffectBindings(
  running: EffectHandle,
  dependencies: DependencyValues,
  operation: () async -> Void
) async {
  await RunningEffect.$current.withValue(running) {
    await DependencyValues.withCurrent(dependencies) {
      await operation()
    }
  }
}
