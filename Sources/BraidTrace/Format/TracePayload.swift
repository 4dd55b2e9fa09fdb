/// The action or state of an event line, decoded with the feature's types: what a replay reads
/// of a line whose ``TraceValue`` is ``TraceValue/recorded``.
struct TracePayload<Action: Decodable, State: Decodable>: Decodable {
  var action: Action?
  var state: State?
}
