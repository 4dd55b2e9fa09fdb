import Braid

/// What one event line of a trace says happened: its kind and exactly the fields that kind has,
/// listed once here. The recorder writes these (``TraceLineEncoder``); replay, the timeline and
/// the emitter read them back (``TraceLine``) and switch over them. The article "Recording and
/// replaying" describes each; `trace.schema.json` in the repository is their JSON Schema.
enum TraceEvent {
  /// The state the recording starts from.
  case initial(digest: String, state: TraceValue)
  /// An action reduced, and where it came from (`external`, `send`, `scoped`, `effect:N`,
  /// `mount:N`, `dismount:N`, `unknown`).
  case action(origin: String, action: TraceValue)
  /// The state an action left: its digest, and the whole state every keyframe interval.
  case state(digest: String, keyframe: TraceValue?)
  /// A dependency the reducer read while reducing the last action.
  case read(Read)
  /// An effect started: its number, its kind (`run`, `subscribe`, `concatenation`), its
  /// cancellation ids, the sequence number of the action that started it, the effect whose
  /// task started it, if any (from version 2, the number's own prefix), and the timing operator
  /// that built it, if one did (from version 2).
  case effectStarted(
    effect: TraceEffectNumber, kind: String, ids: [String], by: UInt64?, parent: TraceEffectNumber?,
    timing: Timing? = nil)
  /// An effect finished on its own.
  case effectFinished(effect: TraceEffectNumber)
  /// An effect was cancelled.
  case effectCancelled(effect: TraceEffectNumber)
  /// An effect's operation threw.
  case effectFailed(effect: TraceEffectNumber, error: String)
  /// An effect's operation threw and is tried again.
  case effectRetrying(effect: TraceEffectNumber, attempt: Int, error: String)
  /// A client resource was inserted, commanded or torn down (`change`) under `id`, by `effect`.
  case resource(change: String, resource: String, id: String, effect: TraceEffectNumber?)
  /// The feature mounted.
  case mounted
  /// The feature (at the line's path) dismounted.
  case dismounted
  /// The store is going away (from version 2): the cancellations of its running effects
  /// follow, then `released`.
  case releasing
  /// The store went away: nothing follows.
  case released
  /// The recorder dropped `count` events here: its buffer was full.
  case dropped(count: Int)

  /// The timing operator that built an effect (`debounce`, `throttle`), and the time it waits
  /// in nanoseconds when its clock measures in `Duration`.
  struct Timing: Equatable, CustomStringConvertible {
    /// The operators a trace names: `EffectTiming.Kind`'s cases.
    static let kinds = Set(EffectTiming.Kind.allCases.map(\.rawValue))

    let kind: String
    let interval: Int64?

    /// `debounce 300 ms`.
    var description: String {
      guard let interval else { return kind }
      return "\(kind) \(Self.milliseconds(interval))"
    }

    /// A trace's nanoseconds as a reader reads them: `300 ms`, `300.5 ms`.
    static func milliseconds(_ nanoseconds: Int64) -> String {
      let milliseconds = Double(nanoseconds) / 1_000_000
      return "\(milliseconds == milliseconds.rounded() ? String(Int64(milliseconds)) : "\(milliseconds)") ms"
    }
  }

  /// A dependency read.
  enum Read {
    case uuid(String)
    /// Seconds since the reference date.
    case date(Double)
    case random([UInt64])
    /// A clock's `now`, as the seconds and attoseconds since its zero (exact, unlike a double).
    case now(seconds: Int64, attoseconds: Int64)
  }

  /// The kind's name, as the line's `event` field holds it.
  var name: String {
    switch self {
    case .initial: "initial"
    case .action: "action"
    case .state: "state"
    case .read: "read"
    case .effectStarted: "effectStarted"
    case .effectFinished: "effectFinished"
    case .effectCancelled: "effectCancelled"
    case .effectFailed: "effectFailed"
    case .effectRetrying: "effectRetrying"
    case .resource: "resource"
    case .mounted: "mounted"
    case .dismounted: "dismounted"
    case .releasing: "releasing"
    case .released: "released"
    case .dropped: "dropped"
    }
  }

  /// Whether the store numbered and timed the event: every kind but the two the recorder
  /// writes itself, `initial` and `dropped`.
  var isStamped: Bool {
    switch self {
    case .initial, .dropped: false
    default: true
    }
  }
}

/// An action or a state in an event line.
enum TraceValue {
  /// To be written: the value, encoded with its own `Codable` conformance.
  case value(any Encodable)
  /// Written as its dump, its type not being `Codable` (or its encoding having thrown): shown,
  /// never replayed.
  case dump(String)
  /// Read back: present in the line, and decoded with the feature's own types only when a
  /// replay needs it (``TracePayload``).
  case recorded
}
