import Braid

extension Exploration {
  /// Runs `steps` from the initial state with a ``TraceRecorder`` attached, writing a trace that
  /// `TraceReplay` and `braid-demo replay` open: a counterexample to look at step by step, or
  /// to turn into a test.
  ///
  /// An effect's answer is recorded as an action sent from outside (effects are described
  /// here, so no effect sent it); a replay reduces it the same way.
  ///
  /// - Parameters:
  ///   - steps: The steps, such as a counterexample's.
  ///   - feature: The feature's name in the trace's header, which `braid-demo replay` picks the
  ///     feature by (`Counter`, `SignUp`, `LocationTracker`).
  ///   - path: The new trace file.
  /// - Throws: A ``TraceError`` when the file cannot be created or written.
  public func recordTrace(of steps: [ExplorationStep<Action>], feature: String, to path: String) throws(TraceError) {
    let recorder = TraceRecorder<State, Action>(
      feature: feature, initialState: initialState, sink: try .file(at: path), keyframeInterval: 1)
    do {
      let walk = ExplorationWalk(self, inspector: recorder.inspector)
      for step in steps { _ = walk.perform(step) }
      walk.finish()
    }
    do {
      try recorder.close()
    } catch let error as TraceError {
      throw error
    } catch {
      throw .cannotWrite(path: path, reason: "\(error)")
    }
  }
}
