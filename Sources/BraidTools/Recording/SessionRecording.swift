import Braid
import BraidPOSIX
import BraidTrace
import Foundation

/// A session of your own executable recorded to a trace, in one call: a trace recorder for its
/// store, writing to a new file readable by its owner only (0600), that gets the whole session
/// when SIGINT or SIGTERM stops the process. Values the feature marks as secret are redacted
/// as the recorder redacts them. `braid-demo`'s `--record FILE` is this.
///
/// ```swift
/// let recording = try SessionRecording(feature: "Counter", initialState: state, path: path)
/// try await recording.session {
///   let store = Store(initialState: state, inspector: recording.inspector) { Counter() }
///   // … the session, which ends when its task is cancelled; the store is released here.
/// }
/// ```
public final class SessionRecording<State: Sendable, Action: Sendable>: Sendable {
  private let recorder: TraceRecorder<State, Action>
  /// Closes the trace if a signal ends the process before the session stops it.
  private let lastResort: Int

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
    lastResort = TerminationSignals.beforeEnding { [recorder] in try? recorder.close() }
  }

  /// The inspector to give the store.
  public var inspector: StoreInspector<State, Action> { recorder.inspector }

  /// Runs the command's session, then finishes the trace.
  ///
  /// A SIGINT or SIGTERM during the session stops it as its input ending would: its task is
  /// cancelled, so its loops end and its store is released. The trace is then finished whole,
  /// ending with the store's release, and the process ends by that signal (its exit status says
  /// which). A session that does not stop within 5 seconds has its trace closed as it is.
  ///
  /// - Parameter body: The session. It must release its store before it returns, and end when
  ///   its task is cancelled.
  /// - Returns: What the session returned.
  /// - Throws: What the session threw, or ``CommandError/runtime(_:)`` when the trace could not
  ///   be written in full.
  public func session<Value: Sendable>(
    _ body: @escaping @Sendable () async throws -> Value
  ) async throws -> Value {
    let session = { @Sendable () async -> Result<Value, any Error> in
      do {
        return .success(try await body())
      } catch {
        return .failure(error)
      }
    }
    let (result, signal) = await TerminationSignals.run(lastResort: { [recorder] in try? recorder.close() }, session)
    do {
      try finish()
    } catch {
      if let signal {
        let tool = CommandLine.arguments.first.map { ($0 as NSString).lastPathComponent } ?? "recording"
        FileHandle.standardError.write(Data("\(tool): \(error)\n".utf8))
        TerminationSignals.endProcess(by: signal)
      }
      throw error
    }
    if let signal { TerminationSignals.endProcess(by: signal) }
    return try result.get()
  }

  /// Writes out what is left and closes the file; ``session(_:)`` calls it once the store is
  /// released, so that the trace ends with the release.
  ///
  /// - Throws: ``CommandError/runtime(_:)`` when the trace could not be written in full.
  public func finish() throws(CommandError) {
    TerminationSignals.cancelLastResort(lastResort)
    do {
      try recorder.close()
    } catch {
      throw .runtime("the recording is incomplete: \(error)")
    }
  }

  deinit {
    TerminationSignals.cancelLastResort(lastResort)
  }
}
