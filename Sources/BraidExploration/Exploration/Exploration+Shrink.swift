import Braid

extension Exploration {
  /// How many candidate sequences a shrink tries at most.
  static var shrinkAttempts: Int { 2_000 }

  /// Runs `steps` from the initial state, skipping answers whose effect is not running, and
  /// returns the first violation with the steps performed up to it and the states around its
  /// last step.
  ///
  /// - Parameter steps: The steps.
  /// - Returns: The violation, or `nil` when every invariant held.
  public func check(_ steps: [ExplorationStep<Action>]) async -> ExplorationCounterexample<State, Action>? {
    let walk = ExplorationWalk(self)
    await walk.mount()
    var performed: [ExplorationStep<Action>] = []
    func counterexample(_ violation: (name: String, before: State, after: State)) -> ExplorationCounterexample<
      State, Action
    > {
      ExplorationCounterexample(
        violation: violation.name, steps: performed, before: violation.before, after: violation.after)
    }
    if let violation = violation(walk, before: initialState, step: nil) {
      _ = await walk.finish()
      return counterexample(violation)
    }
    for step in steps {
      let before = walk.state
      guard let step = await walk.perform(step) else { continue }
      performed.append(step)
      if let violation = violation(walk, before: before, step: step) {
        _ = await walk.finish()
        return counterexample(violation)
      }
    }
    let state = walk.state
    return await walk.finish().map { counterexample(($0, state, walk.state)) }
  }

  /// `path`, which broke `violation`, made as short and as simple as it can be while it still
  /// breaks it: chunks removed (halves, then quarters, … then single steps), then payloads
  /// simplified, until neither helps (Hypothesis's order).
  func shrink(_ path: [ExplorationStep<Action>], violating violation: String) async -> ExplorationCounterexample<
    State, Action
  >? {
    let first = await check(path)
    guard var best = first, best.violation == violation else { return first }
    var attempts = 0
    func attempt(_ candidate: [ExplorationStep<Action>]) async -> Bool {
      attempts += 1
      guard let found = await check(candidate), found.violation == violation, found.steps.count <= best.steps.count
      else {
        return false
      }
      best = found
      return true
    }
    var progress = true
    while progress, attempts < Self.shrinkAttempts {
      progress = false
      var size = max(1, best.steps.count / 2)
      while size >= 1, attempts < Self.shrinkAttempts {
        var start = 0
        while start + size <= best.steps.count, attempts < Self.shrinkAttempts {
          var candidate = best.steps
          candidate.removeSubrange(start..<start + size)
          if await attempt(candidate) { progress = true } else { start += 1 }
        }
        size /= 2
      }
      // Two steps apart, as a pair: a step that only matters with another removed too (a
      // toggle and its toggle back).
      if await removePair(of: best.steps, attempt: attempt) { progress = true }
      var index = 0
      while index < best.steps.count, attempts < Self.shrinkAttempts {
        var simplified = false
        for simpler in best.steps[index].simpler() {
          var candidate = best.steps
          candidate[index] = simpler
          if await attempt(candidate) {
            simplified = true
            progress = true
            break
          }
        }
        if !simplified { index += 1 }
      }
    }
    return best
  }

  /// Tries removing each pair of `steps` not next to each other, until `attempt` takes one;
  /// tried on short sequences only (the pairs of 12 steps are 55 runs).
  private func removePair(
    of steps: [ExplorationStep<Action>], attempt: ([ExplorationStep<Action>]) async -> Bool
  ) async -> Bool {
    guard steps.count <= 12 else { return false }
    for first in steps.indices {
      for second in steps.indices where second > first + 1 {
        var candidate = steps
        candidate.remove(at: second)
        candidate.remove(at: first)
        if await attempt(candidate) { return true }
      }
    }
    return false
  }
}
