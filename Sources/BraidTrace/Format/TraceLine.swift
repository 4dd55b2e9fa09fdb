/// One event line of a trace: the event, where in the feature it happened, and, for every
/// event the store reported, its sequence number and time.
///
/// Read back with ``init(from:)``, which checks that the line holds every field its kind
/// requires (as `trace.schema.json` does): a line that does not is refused naming what is
/// missing, never read as a different or partial event.
struct TraceLine {
  /// The store's number for the event, from 1; `nil` for `initial` and `dropped`.
  var seq: UInt64?
  /// Nanoseconds on the store's clock since its zero (version 1: since the recorder was made,
  /// on the continuous clock); `nil` for `initial` and `dropped`.
  var time: Int64?
  /// The feature path below the root (`counter`, `rows[3]`); `nil` at the root.
  var path: String?
  var event: TraceEvent

  init(seq: UInt64? = nil, time: Int64? = nil, path: String? = nil, _ event: TraceEvent) {
    self.seq = seq
    self.time = time
    self.path = path
    self.event = event
  }

  /// The names of a line's fields (each case's `stringValue`), declared sorted: the raw value is
  /// a key's place in the order ``TraceLineEncoder`` writes them in.
  enum CodingKeys: Int, CodingKey, CaseIterable {
    case action, attempt, by, change, count, date, digest, dump, effect, error, event, id, ids, interval, kind, now
    case origin, parent, path, random, resource, seq, state, time, timing, uuid
  }
}

extension TraceLine: Decodable {
  init(from decoder: any Decoder) throws {
    let line = try decoder.container(keyedBy: CodingKeys.self)
    let name = try line.decode(String.self, forKey: .event)
    func required<T: Decodable>(_ type: T.Type, _ key: CodingKeys) throws -> T {
      guard let value = try line.decodeIfPresent(type, forKey: key) else {
        throw Problem(
          reason: "\("aeiou".contains(name.prefix(1)) ? "an" : "a") \(name) event without its \(key.stringValue) field")
      }
      return value
    }
    func payload(_ key: CodingKeys) throws -> TraceValue {
      if line.contains(key) { return .recorded }
      return .dump(try required(String.self, .dump))
    }
    path = try line.decodeIfPresent(String.self, forKey: .path)
    switch name {
    case "initial": event = .initial(digest: try required(String.self, .digest), state: try payload(.state))
    case "action": event = .action(origin: try required(String.self, .origin), action: try payload(.action))
    case "state":
      event = .state(digest: try required(String.self, .digest), keyframe: line.contains(.state) ? .recorded : nil)
    case "read":
      if let uuid = try line.decodeIfPresent(String.self, forKey: .uuid) {
        event = .read(.uuid(uuid))
      } else if let date = try line.decodeIfPresent(Double.self, forKey: .date) {
        event = .read(.date(date))
      } else if let numbers = try line.decodeIfPresent([UInt64].self, forKey: .random) {
        event = .read(.random(numbers))
      } else {
        let now = try required([Int64].self, .now)
        guard now.count == 2, abs(now[1]) < 1_000_000_000_000_000_000 else {
          throw Problem(reason: "a clock read that is not [seconds, attoseconds]")
        }
        event = .read(.now(seconds: now[0], attoseconds: now[1]))
      }
    case "effectStarted":
      let effect = try required(TraceEffectNumber.self, .effect)
      event = .effectStarted(
        effect: effect, kind: try required(String.self, .kind),
        ids: try line.decodeIfPresent([String].self, forKey: .ids) ?? [],
        by: try line.decodeIfPresent(UInt64.self, forKey: .by),
        // Version 1 named the starting effect; version 2's number holds it.
        parent: try line.decodeIfPresent(TraceEffectNumber.self, forKey: .parent) ?? effect.parent,
        timing: try line.decodeIfPresent(String.self, forKey: .timing).map { kind in
          guard TraceEvent.Timing.kinds.contains(kind) else { throw Problem(reason: "an unknown timing '\(kind)'") }
          return TraceEvent.Timing(kind: kind, interval: try line.decodeIfPresent(Int64.self, forKey: .interval))
        })
    case "effectFinished": event = .effectFinished(effect: try required(TraceEffectNumber.self, .effect))
    case "effectCancelled": event = .effectCancelled(effect: try required(TraceEffectNumber.self, .effect))
    case "effectFailed":
      event = .effectFailed(
        effect: try required(TraceEffectNumber.self, .effect), error: try required(String.self, .error))
    case "effectRetrying":
      event = .effectRetrying(
        effect: try required(TraceEffectNumber.self, .effect), attempt: try required(Int.self, .attempt),
        error: try required(String.self, .error))
    case "resource":
      event = .resource(
        change: try required(String.self, .change), resource: try required(String.self, .resource),
        id: try required(String.self, .id), effect: try line.decodeIfPresent(TraceEffectNumber.self, forKey: .effect))
    case "mounted": event = .mounted
    case "dismounted": event = .dismounted
    case "releasing": event = .releasing
    case "released": event = .released
    case "dropped": event = .dropped(count: try required(Int.self, .count))
    default:
      throw Problem(reason: "unknown event kind '\(name)'")
    }
    if event.isStamped {
      seq = try required(UInt64.self, .seq)
      time = try required(Int64.self, .time)
    } else {
      seq = nil
      time = nil
    }
  }
}

extension TraceLine {
  /// What is wrong with a line that is JSON but not an event the format allows.
  struct Problem: Error {
    let reason: String
  }
}
