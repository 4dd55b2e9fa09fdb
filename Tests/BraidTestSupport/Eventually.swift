/// Waits, at most 20 s of real time, until `condition` holds, looking every 5 ms: for what a
/// real peer does with no event to wait on (a thread closing its descriptors, a socket let go),
/// where a test clock cannot decide when it happens. The bound only turns a hang into a failure.
///
/// - Parameters:
///   - isolation: The caller's actor, where `condition` runs.
///   - condition: What to wait for.
/// - Returns: Whether the condition held.
package func eventually(isolation: isolated (any Actor)? = #isolation, _ condition: () -> Bool) async -> Bool {
  let deadline = ContinuousClock.now.advanced(by: .seconds(20))
  while !condition() {
    if ContinuousClock.now > deadline { return false }
    try? await Task.sleep(for: .milliseconds(5))
  }
  return true
}
