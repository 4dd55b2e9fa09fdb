/// One event line of a trace, as written (by ``TraceLineEncoder``): `event` names its kind, and
/// only the fields that kind uses are present. The article "Recording and replaying" lists them;
/// `trace.schema.json` in the repository is their JSON Schema.
struct TraceRecord {
  var event: String
  var seq: UInt64?
  var time: Int64?
  var path: String?
  var origin: String?
  var action: (any Encodable)?
  var dump: String?
  var digest: String?
  var state: (any Encodable)?
  var effect: Int?
  var kind: String?
  var ids: [String]?
  var by: UInt64?
  var parent: Int?
  var error: String?
  var attempt: Int?
  var uuid: String?
  var date: Double?
  var random: [UInt64]?
  /// A clock's `now`, as the seconds and attoseconds since its zero (exact, unlike a double).
  var now: (seconds: Int64, attoseconds: Int64)?
  var change: String?
  var resource: String?
  var id: String?
  var count: Int?

  init(event: String, seq: UInt64? = nil, time: Int64? = nil) {
    self.event = event
    self.seq = seq
    self.time = time
  }

  /// The fields' names, for reading lines back (``TraceRecordHead``).
  enum CodingKeys: String, CodingKey {
    case event, seq, time, path, origin, action, dump, digest, state, effect, kind, ids, by, parent, error, attempt
    case uuid, date, random, now, change, resource, id, count
  }
}

/// An event line as read back: every field but the action and the state, which are decoded
/// with the feature's own types only when a replay needs them (``TracePayload``).
struct TraceRecordHead: Decodable {
  var event: String
  var seq: UInt64?
  var path: String?
  var origin: String?
  var dump: String?
  var digest: String?
  var effect: Int?
  var kind: String?
  var ids: [String]?
  var parent: Int?
  var error: String?
  var uuid: String?
  var date: Double?
  var random: [UInt64]?
  var now: [Int64]?
  var count: Int?
  var change: String?
  var resource: String?
  var id: String?
  /// Whether the line has an `action` or a `state` field.
  var hasAction = false
  var hasState = false

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: TraceRecord.CodingKeys.self)
    event = try container.decode(String.self, forKey: .event)
    seq = try container.decodeIfPresent(UInt64.self, forKey: .seq)
    path = try container.decodeIfPresent(String.self, forKey: .path)
    origin = try container.decodeIfPresent(String.self, forKey: .origin)
    dump = try container.decodeIfPresent(String.self, forKey: .dump)
    digest = try container.decodeIfPresent(String.self, forKey: .digest)
    effect = try container.decodeIfPresent(Int.self, forKey: .effect)
    kind = try container.decodeIfPresent(String.self, forKey: .kind)
    ids = try container.decodeIfPresent([String].self, forKey: .ids)
    parent = try container.decodeIfPresent(Int.self, forKey: .parent)
    error = try container.decodeIfPresent(String.self, forKey: .error)
    uuid = try container.decodeIfPresent(String.self, forKey: .uuid)
    date = try container.decodeIfPresent(Double.self, forKey: .date)
    random = try container.decodeIfPresent([UInt64].self, forKey: .random)
    now = try container.decodeIfPresent([Int64].self, forKey: .now)
    count = try container.decodeIfPresent(Int.self, forKey: .count)
    change = try container.decodeIfPresent(String.self, forKey: .change)
    resource = try container.decodeIfPresent(String.self, forKey: .resource)
    id = try container.decodeIfPresent(String.self, forKey: .id)
    hasAction = container.contains(.action)
    hasState = container.contains(.state)
  }
}

/// The action or state of an event line, decoded with the feature's type.
struct TracePayload<Action: Decodable, State: Decodable>: Decodable {
  var action: Action?
  var state: State?
}
