extension Task where Success == Never, Failure == Never {
  /// Cancels the effects started under `id`, from inside an effect: TCA's `Task.cancel(id:)`.
  ///
  /// ```swift
  /// return .run { send in
  ///   await Task.cancel(id: CancelID.timer)
  ///   await send(.timerStopped)
  /// }
  /// ```
  ///
  /// The id resolves as `Effect.cancel(id:)` returned by the reducer that started this effect
  /// would: in the same store and child feature. It works in the effect's operation and in its
  /// `catch:` handler. Called outside an effect (no store to ask), it
  /// reports the misuse and does nothing.
  ///
  /// - Parameters:
  ///   - id: The cancellation id.
  ///   - fileID: Where the call is, for the misuse report.
  ///   - line: Where the call is, for the misuse report.
  public static func cancel(
    id: some Hashable & Sendable,
    fileID: StaticString = #fileID,
    line: UInt = #line
  ) async {
    guard let effect = RunningEffect.current else {
      reportMisuse(
        "Task.cancel(id: \(id)) was called outside an effect, where no store can resolve the id. Call it from an Effect.run operation, or return Effect.cancel(id:) from a reducer.",
        fileID: fileID, line: line)
      return
    }
    await effect.canceller.cancel(id: AnyHashableSendable(id), in: effect.context)
  }
}
