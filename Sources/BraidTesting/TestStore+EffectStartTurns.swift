import Braid

extension TestStore {
  /// Gives the effects just started the turns they need to begin running (so that, say, a timer
  /// has gone to sleep on its clock before the test advances it). Bounded: an effect waiting on
  /// other work does not hold the test up.
  func letEffectsStart(caller: isolated (any Actor)? = #isolation) async {
    // Nothing in flight, nothing to let start: the yields below cost a queue hop each, most of
    // a step for a feature whose effects are all synchronous.
    if recorder.inFlight.isEmpty { return }
    var turns = 0
    while !recorder.inFlight.allRunning, turns < 10_000 {
      turns += 1
      await Task.yield()
    }
    for _ in 0..<8 { await Task.yield() }
  }
}
