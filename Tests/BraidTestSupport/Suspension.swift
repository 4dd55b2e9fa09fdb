/// Suspends until the current task is cancelled, then throws `CancellationError`: a stand-in
/// for long-running work that never finishes on its own.
package func suspendUntilCancelled() async throws {
  let gate = Gate()
  await withTaskCancellationHandler {
    await gate.wait()
  } onCancel: {
    gate.open()
  }
  throw CancellationError()
}
