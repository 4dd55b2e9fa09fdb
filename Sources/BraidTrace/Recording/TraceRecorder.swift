import Braid
import Foundation
import Synchronization

/// Records everything a store does into a trace: a header with the feature's schema, then one
/// JSON line per event, with a digest of the state after each action and, every
/// `keyframeInterval` actions, the full state.
///
/// Attach its ``inspector`` when creating the store:
///
/// ```swift
/// let recorder = try TraceRecorder(
///   feature: "Counter", initialState: Counter.State(), sink: .file(at: "counter.trace"))
/// let store = Store(initialState: Counter.State(), inspector: recorder.inspector) {
///   Counter()
/// }
/// ```
///
/// Lines are encoded on the store's thread and written on a thread of the recorder's own,
/// through a buffer of `bufferCapacity` lines: a store never waits for the disk. When the buffer
/// is full, lines are dropped and a `dropped` line says how many, where they were. The recorder
/// flushes when the store dismounts and closes when the store is released; ``close()`` closes it
/// sooner and reports a write error.
///
/// A trace can be replayed (``TraceReplay``) when the feature's `Action` is `Codable` and its
/// `State` is `Codable`; otherwise actions are written as readable dumps and the header says the
/// trace is not replayable. Secrets a feature marks (`TraceRedactable`) never reach the trace:
/// placeholders of the same length stand in for them, in actions, states and digests alike.
public final class TraceRecorder<State, Action: Sendable>: Sendable {
  private let writer: TraceWriter
  private let keyframeInterval: Int
  /// The actions recorded so far, for keyframes.
  private let reduced = Mutex(0)
  /// The placeholders of this trace's secrets (see `TraceRedactable`).
  private let redactor = Mutex(SecretRedactor())
  /// One encoder for every line: made per line, it was a fifth of a recorded send. Used inside
  /// deliveries only, which never overlap.
  private let encoder = TraceLineEncoder()
  /// Whether actions and states can be written as JSON, and hold secrets: decided once, not
  /// by a dynamic cast per event.
  private let actionsAreEncodable = Action.self is any Encodable.Type
  private let statesAreEncodable = State.self is any Encodable.Type
  private let actionsHaveSecrets = Action.self is any TraceRedactable.Type
  private let statesHaveSecrets = State.self is any TraceRedactable.Type

  /// Creates a recorder and writes the trace's header and initial state.
  ///
  /// - Parameters:
  ///   - feature: A name for the recorded feature, written into the header (`SignUp`).
  ///   - initialState: The state the store starts from.
  ///   - sink: Where the lines go (``TraceSink/file(at:)`` for a file).
  ///   - keyframeInterval: How many actions apart to write the full state (0: never); a replay
  ///     starts from the nearest keyframe when it jumps.
  ///   - bufferCapacity: How many lines may wait for the writing thread before lines are
  ///     dropped.
  public init(
    feature: String,
    initialState: State,
    sink: TraceSink,
    keyframeInterval: Int = 100,
    bufferCapacity: Int = 4096
  ) {
    self.writer = TraceWriter(sink: sink, capacity: bufferCapacity)
    self.keyframeInterval = max(0, keyframeInterval)
    let schema = TraceSchema(state: State.self, action: Action.self)
    let header = TraceHeader(
      format: TraceFormat.name,
      version: TraceFormat.version,
      feature: feature,
      braid: TraceFormat.braidVersion,
      schema: schema,
      fingerprint: schema.fingerprint,
      replayable: Action.self is any Codable.Type && State.self is any Codable.Type,
      keyframeInterval: self.keyframeInterval
    )
    writer.append(TraceJSON.encodeSorted(header))
    let initialState = redacted(initialState)
    var initial = TraceRecord(event: "initial")
    initial.digest = StateDigest.of(initialState)
    initial.state = initialState as? any Encodable
    if initial.state == nil { initial.dump = ValueDump.dump(initialState) }
    writer.append((try? encoder.encode(initial)) ?? Self.unencodable(initial))
    writer.start()
  }

  /// The inspector to attach to the recorded store.
  public var inspector: StoreInspector<State, Action> {
    StoreInspector { [self] event in record(event) }
  }

  /// Waits until every line recorded so far has been written.
  public func flush() {
    writer.flush()
  }

  /// A recorder that goes away unclosed (never attached to a store, or dropped before its
  /// store's release) still writes what it has and stops its writing thread.
  deinit {
    try? writer.close()
  }

  /// Writes what is left and closes the sink. Closing twice is harmless.
  ///
  /// - Throws: The error that stopped the writing, if one did.
  public func close() throws {
    try writer.close()
  }

  private func record(_ event: StoreEvent<State, Action>) {
    let elapsed = event.time.components
    var line = TraceRecord(
      event: "", seq: event.sequence,
      time: elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000)
    if !event.path.isRoot { line.path = "\(event.path)" }
    switch event.kind {
    case .action(let action, let origin):
      let action = actionsHaveSecrets ? redacted(action) : action
      line.event = "action"
      line.origin = Self.token(for: origin)
      if actionsAreEncodable { line.action = action as? any Encodable }
      if line.action == nil { line.dump = ValueDump.dump(action) }
    case .state(_, let after):
      let after = statesHaveSecrets ? redacted(after) : after
      line.event = "state"
      line.digest = StateDigest.of(after)
      let count = reduced.withLock {
        $0 += 1
        return $0
      }
      if statesAreEncodable, keyframeInterval > 0, count % keyframeInterval == 0 {
        line.state = after as? any Encodable
      }
    case .dependencyRead(let read):
      line.event = "read"
      switch read {
      case .uuid(let uuid): line.uuid = uuid.uuidString
      case .date(let date): line.date = date.timeIntervalSinceReferenceDate
      case .randomNumbers(let numbers): line.random = numbers
      case .clockNow(let offset): line.now = offset.components
      }
    case .effectStarted(let start):
      line.event = "effectStarted"
      line.effect = start.effect
      line.kind = start.kind.rawValue
      line.ids = start.cancellationIDs.isEmpty ? nil : start.cancellationIDs
      line.by = start.action
      line.parent = start.parentEffect
    case .effectFinished(let effect):
      line.event = "effectFinished"
      line.effect = effect
    case .effectCancelled(let effect):
      line.event = "effectCancelled"
      line.effect = effect
    case .effectFailed(let effect, let error):
      line.event = "effectFailed"
      line.effect = effect
      line.error = "\(error)"
    case .effectRetrying(let effect, let attempt, let error):
      line.event = "effectRetrying"
      line.effect = effect
      line.attempt = attempt
      line.error = "\(error)"
    case .resource(let change):
      line.event = "resource"
      line.change = change.kind.rawValue
      line.resource = change.resource
      line.id = change.id
      line.effect = change.effect
    case .mounted:
      line.event = "mounted"
    case .dismounted:
      line.event = "dismounted"
    case .released:
      line.event = "released"
    }
    writer.append((try? encoder.encode(line)) ?? Self.unencodable(line))
    switch event.kind {
    case .dismounted: writer.flush()
    // The store is gone: nothing more will come. A write error stays for `close()` to report.
    case .released: try? writer.close()
    default: break
    }
  }

  /// `value` with its secrets replaced by this trace's placeholders, when it has any.
  private func redacted<Value>(_ value: Value) -> Value {
    guard var redactable = value as? any TraceRedactable else { return value }
    redactor.withLock { redactable.redactSecrets(with: &$0) }
    return redactable as? Value ?? value
  }

  /// The line for an event whose action or state failed to encode (a custom `encode(to:)` that
  /// throws): the event, with a dump in place of the value, so the trace loses nothing silently.
  private static func unencodable(_ line: TraceRecord) -> [UInt8] {
    var fallback = line
    if let action = fallback.action {
      fallback.action = nil
      fallback.dump = "unencodable: \(action)"
    }
    if let state = fallback.state {
      fallback.state = nil
      fallback.dump = "unencodable: \(state)"
    }
    // Without an action or a state there is nothing left that can fail to encode.
    return (try? TraceLineEncoder().encode(fallback)) ?? []
  }

  /// An action's origin as the trace writes it: `external`, `send`, `scoped`, `effect:N`,
  /// `mount:N`, `dismount:N` or `unknown`.
  static func token(for origin: StoreEvent<State, Action>.ActionOrigin) -> String {
    switch origin {
    case .external: "external"
    case .sendEffect: "send"
    case .scopedStore: "scoped"
    case .effect(let effect): "effect:\(effect)"
    case .mountHook(let effect): "mount:\(effect)"
    case .dismountHook(let effect): "dismount:\(effect)"
    case .unknown: "unknown"
    }
  }
}
