import Braid
import BraidRecording

/// A demo command's `--record FILE`: a trace recorder for its store, writing to a new file, that
/// still gets every line its store produced when SIGINT or SIGTERM stops the process.
///
/// ```swift
/// let recording = try recordPath.map { try CommandRecording(feature: "Counter", initialState: state, path: $0) }
/// let store = Store(initialState: state, inspector: recording?.inspector) { Counter() }
/// // … the session; release the store, then:
/// try recording?.finish()
/// ```
public final class CommandRecording<State: Sendable, Action: Sendable>: Sendable {
  private let recorder: TraceRecorder<State, Action>
  private let flush: TerminationFlush

  /// Starts recording into a new file at `path`.
  ///
  /// - Parameters:
  ///   - feature: The feature's name in the trace's header; `replay` picks the feature by it.
  ///   - initialState: The state the store starts from.
  ///   - path: The new trace file.
  ///   - replacing: Whether an existing file at `path` may be replaced (`--force`); see
  ///     ``OutputFile``.
  ///   - keyframeInterval: How many actions apart to write the full state.
  /// - Throws: ``CommandError/runtime(_:)`` when the file exists (and `replacing` is false) or
  ///   cannot be created.
  public init(
    feature: String, initialState: State, path: String, replacing: Bool = false, keyframeInterval: Int = 10
  ) throws(CommandError) {
    let descriptor = try OutputFile.create(path, replacing: replacing)
    recorder = TraceRecorder(
      feature: feature, initialState: initialState, sink: .file(descriptor: descriptor, path: path),
      keyframeInterval: keyframeInterval)
    flush = TerminationFlush { [recorder] in try? recorder.close() }
  }

  /// The inspector to give the store.
  public var inspector: StoreInspector<State, Action> { recorder.inspector }

  /// Writes out what is left and closes the file; call it once the store is released, so that
  /// the trace ends with the release.
  ///
  /// - Throws: ``CommandError/runtime(_:)`` when the trace could not be written in full.
  public func finish() throws(CommandError) {
    flush.cancel()
    do {
      try recorder.close()
    } catch {
      throw .runtime("the recording is incomplete: \(error)")
    }
  }

  deinit {
    flush.cancel()
  }
}
