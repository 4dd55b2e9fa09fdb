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
  /// The trace's numbers of the store's running effects.
  private let numbering = Mutex(TraceEffectNumbering())
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
    let initial = TraceLine(
      .initial(
        digest: StateDigest.of(initialState),
        state: (initialState as? any Encodable).map(TraceValue.value) ?? .dump(ValueDump.dump(initialState))))
    writer.append((try? encoder.encode(initial)) ?? Self.unencodable(initial))
    writer.start()
  }

  /// The inspector to attach to the recorded store.
  ///
  /// Its events are stamped on the store's own clock (`StoreInspector.onStoreClock`):
  /// a trace's `time` is the time on the store's `continuousClock` dependency, a `TestClock`'s
  /// own time in tests.
  public var inspector: StoreInspector<State, Action> {
    .onStoreClock { [self] event in record(event) }
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
    let line = TraceLine(
      seq: event.sequence, time: elapsed.seconds * 1_000_000_000 + elapsed.attoseconds / 1_000_000_000,
      path: event.path.isRoot ? nil : "\(event.path)", traceEvent(of: event.kind))
    writer.append((try? encoder.encode(line)) ?? Self.unencodable(line))
    switch event.kind {
    case .dismounted: writer.flush()
    // The store is gone: nothing more will come. A write error stays for `close()` to report.
    case .released: try? writer.close()
    default: break
    }
  }

  /// What the trace says of an event of the store.
  private func traceEvent(of kind: StoreEvent<State, Action>.Kind) -> TraceEvent {
    switch kind {
    case .action(let action, let origin):
      let action = actionsHaveSecrets ? redacted(action) : action
      let encodable = actionsAreEncodable ? action as? any Encodable : nil
      return .action(
        origin: token(for: origin), action: encodable.map(TraceValue.value) ?? .dump(ValueDump.dump(action)))
    case .state(_, let after):
      let after = statesHaveSecrets ? redacted(after) : after
      let count = reduced.withLock {
        $0 += 1
        return $0
      }
      let isKeyframe = statesAreEncodable && keyframeInterval > 0 && count % keyframeInterval == 0
      let keyframe = isKeyframe ? (after as? any Encodable).map(TraceValue.value) : nil
      return .state(digest: StateDigest.of(after), keyframe: keyframe)
    case .dependencyRead(.uuid(let uuid)): return .read(.uuid(uuid.uuidString))
    case .dependencyRead(.date(let date)): return .read(.date(date.timeIntervalSinceReferenceDate))
    case .dependencyRead(.randomNumbers(let numbers)): return .read(.random(numbers))
    case .dependencyRead(.clockNow(let offset)):
      let now = offset.components
      return .read(.now(seconds: now.seconds, attoseconds: now.attoseconds))
    case .effectStarted(let start):
      let number = numbering.withLock { $0.start(start.effect, parent: start.parentEffect) }
      return .effectStarted(
        effect: number, kind: start.kind.rawValue, ids: start.cancellationIDs, by: start.action,
        parent: number.parent,
        timing: start.timing.map { timing in
          TraceEvent.Timing(
            kind: timing.kind.rawValue,
            interval: timing.interval.map {
              $0.components.seconds * 1_000_000_000 + $0.components.attoseconds / 1_000_000_000
            })
        })
    case .effectFinished(let effect): return .effectFinished(effect: ended(effect))
    case .effectCancelled(let effect): return .effectCancelled(effect: ended(effect))
    case .effectFailed(let effect, let error): return .effectFailed(effect: ended(effect), error: "\(error)")
    case .effectRetrying(let effect, let attempt, let error):
      return .effectRetrying(effect: number(effect), attempt: attempt, error: "\(error)")
    case .resource(let change):
      return .resource(
        change: change.kind.rawValue, resource: change.resource, id: change.id, effect: change.effect.map(number))
    case .mounted: return .mounted
    case .dismounted: return .dismounted
    case .releasing: return .releasing
    case .released: return .released
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
  private static func unencodable(_ line: TraceLine) -> [UInt8] {
    func dumped(_ value: TraceValue) -> TraceValue {
      guard case .value(let value) = value else { return value }
      return .dump("unencodable: \(value)")
    }
    var fallback = line
    switch line.event {
    case .initial(let digest, let state): fallback.event = .initial(digest: digest, state: dumped(state))
    case .action(let origin, let action): fallback.event = .action(origin: origin, action: dumped(action))
    case .state(let digest, let keyframe): fallback.event = .state(digest: digest, keyframe: keyframe.map(dumped))
    default: break
    }
    // Without an action or a state there is nothing left that can fail to encode.
    return (try? TraceLineEncoder().encode(fallback)) ?? []
  }

  /// The trace's number of the store's running effect `effect`.
  private func number(_ effect: Int) -> TraceEffectNumber {
    numbering.withLock { $0.number(effect) }
  }

  /// The trace's number of the store's effect `effect`, which has just ended.
  private func ended(_ effect: Int) -> TraceEffectNumber {
    numbering.withLock { numbering in
      defer { numbering.end(effect) }
      return numbering.number(effect)
    }
  }

  /// An action's origin as the trace writes it: `external`, `send`, `scoped`, `effect:N`,
  /// `mount:N`, `dismount:N` or `unknown`, where N is the effect's number in the trace (`2`,
  /// `1.1`).
  private func token(for origin: StoreEvent<State, Action>.ActionOrigin) -> String {
    switch origin {
    case .external: "external"
    case .sendEffect: "send"
    case .scopedStore: "scoped"
    case .effect(let effect): "effect:\(number(effect))"
    case .mountHook(let effect): "mount:\(number(effect))"
    case .dismountHook(let effect): "dismount:\(number(effect))"
    case .unknown: "unknown"
    }
  }
}
