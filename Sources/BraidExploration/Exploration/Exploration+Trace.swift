import Braid
import BraidTrace

extension Exploration {
  /// Runs `steps` from the initial state with a `TraceRecorder` attached, writing a trace that
  /// `TraceReplay` and `braid-demo replay` open: a counterexample to look at step by step, or
  /// to turn into a test (`braid-demo replay FILE --emit-test`).
  ///
  /// Each answer goes through its effect's own subscriber, as the effect would have sent it, so
  /// the trace says which effect sent it and an emitted test answers that effect.
  ///
  /// - Parameters:
  ///   - steps: The steps, such as a counterexample's.
  ///   - feature: The feature's name in the trace's header, which `braid-demo replay` picks the
  ///     feature by (`Counter`, `SignUp`, `LocationTracker`).
  ///   - path: The new trace file.
  /// - Throws: A `TraceError` when the file cannot be created or written, or an answer was
  ///   not delivered.
  public func recordTrace(
    of steps: [ExplorationStep<Action>], feature: String, to path: String
  ) async throws(TraceError) {
    try await recordTrace(of: steps, feature: feature, into: try .file(at: path))
  }

  /// Runs `steps` from the initial state with a `TraceRecorder` attached, writing the trace
  /// into `sink` (see ``recordTrace(of:feature:to:)``).
  ///
  /// - Parameters:
  ///   - steps: The steps, such as a counterexample's.
  ///   - feature: The feature's name in the trace's header.
  ///   - sink: Where the trace's lines go; closed at the end.
  /// - Throws: A `TraceError` when the trace cannot be written, or an answer was not
  ///   delivered.
  public func recordTrace(
    of steps: [ExplorationStep<Action>], feature: String, into sink: TraceSink
  ) async throws(TraceError) {
    let recorder = TraceRecorder<State, Action>(
      feature: feature, initialState: initialState, sink: sink, keyframeInterval: 1)
    // Actions reduced and effects ended so far: what an answer waits for.
    let seen = SanitizerVisibleMutex((actions: 0, ends: 0))
    let inspector = StoreInspector<State, Action> { event in
      switch event.kind {
      case .action: seen.withLock { $0.actions += 1 }
      case .effectFinished, .effectCancelled: seen.withLock { $0.ends += 1 }
      default: break
      }
      recorder.inspector.receive(event)
    }
    do {
      let walk = ExplorationWalk(self, inspector: inspector)
      await walk.mount()
      for step in steps {
        let before = seen.withLock { $0 }
        guard let performed = await walk.perform(step, throughEffect: true) else { continue }
        guard case .answer(_, _, let finishes) = performed.kind else { continue }
        // The answer, and the end of an effect it finishes, reach the store through the effect's
        // task: the next step waits for them, so that the trace has them in order. Bounded by
        // turns, not time.
        var turns = 0
        while seen.withLock({ $0.actions == before.actions || (finishes && $0.ends == before.ends) }) {
          turns += 1
          guard turns < 100_000 else {
            throw TraceError.cannotWrite(path: sink.name, reason: "the answer \(performed) was not delivered")
          }
          await Task.yield()
        }
      }
      _ = await walk.finish()
    }
    do {
      try recorder.close()
    } catch let error as TraceError {
      throw error
    } catch {
      throw .cannotWrite(path: sink.name, reason: "\(error)")
    }
  }
}
