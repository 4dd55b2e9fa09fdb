import Foundation

/// Writes a ``TraceLine`` as one line of JSON, keys sorted, by hand: only an action's or a
/// state's value goes through `JSONEncoder`. Through `JSONEncoder` whole, two lines per action
/// were half of a recorded send (the recorded-send row of Benchmarks/instructions.sh); gathering
/// the fields and sorting them cost a recorded send 9 % more than writing them in order.
struct TraceLineEncoder {
  private let encoder = TraceJSON.encoder()

  /// A value read back from a trace (``TraceValue/recorded``) has nothing to write.
  struct RecordedValueError: Error {}

  /// The line's bytes, without a newline.
  ///
  /// - Throws: The error of an action or state whose `encode(to:)` throws, or
  ///   ``RecordedValueError`` for a value read back from a trace.
  func encode(_ line: TraceLine) throws -> [UInt8] {
    var out = Fields()
    // Key order, in four passes around the fields every event has (event, path, seq, time);
    // `Fields` checks the order in debug builds.
    switch line.event {
    case .initial(let digest, let state):
      out.string(.digest, digest)
      if case .dump(let dump) = state { out.string(.dump, dump) }
    case .action(_, let action):
      switch action {
      case .value(let value): out.raw(.action, try encoder.encode(value))
      case .dump(let dump): out.string(.dump, dump)
      case .recorded: throw RecordedValueError()
      }
    case .state(let digest, let keyframe):
      out.string(.digest, digest)
      if case .dump(let dump)? = keyframe { out.string(.dump, dump) }
    case .read(.date(let date)): out.raw(.date, (date.isFinite ? "\(date)" : "null").utf8)
    case .effectStarted(let effect, _, _, let by, _, _):
      if let by { out.number(.by, by) }
      out.string(.effect, effect.description)
    case .effectFinished(let effect), .effectCancelled(let effect): out.string(.effect, effect.description)
    case .effectFailed(let effect, let error):
      out.string(.effect, effect.description)
      out.string(.error, error)
    case .effectRetrying(let effect, let attempt, let error):
      out.number(.attempt, attempt)
      out.string(.effect, effect.description)
      out.string(.error, error)
    case .resource(let change, _, _, let effect):
      out.string(.change, change)
      if let effect { out.string(.effect, effect.description) }
    case .dropped(let count): out.number(.count, count)
    case .read, .mounted, .dismounted, .releasing, .released: break
    }
    out.string(.event, line.event.name)
    switch line.event {
    case .action(let origin, _): out.string(.origin, origin)
    case .read(.now(let seconds, let attoseconds)): out.raw(.now, "[\(seconds),\(attoseconds)]".utf8)
    case .effectStarted(_, let kind, let ids, _, _, let timing):
      // The parent is the number's prefix: version 2 writes no `parent` field.
      if !ids.isEmpty { out.strings(.ids, ids) }
      if let interval = timing?.interval { out.number(.interval, interval) }
      out.string(.kind, kind)
    case .resource(_, _, let id, _): out.string(.id, id)
    default: break
    }
    if let path = line.path { out.string(.path, path) }
    switch line.event {
    case .read(.random(let numbers)): out.raw(.random, "[\(numbers.map(String.init).joined(separator: ","))]".utf8)
    case .resource(_, let resource, _, _): out.string(.resource, resource)
    default: break
    }
    if let seq = line.seq { out.number(.seq, seq) }
    switch line.event {
    case .initial(_, let state), .state(_, let state?):
      switch state {
      case .value(let value): out.raw(.state, try encoder.encode(value))
      case .dump: break
      case .recorded: throw RecordedValueError()
      }
    default: break
    }
    if let time = line.time { out.number(.time, time) }
    if case .effectStarted(_, _, _, _, _, let timing?) = line.event { out.string(.timing, timing.kind) }
    if case .read(.uuid(let uuid)) = line.event { out.string(.uuid, uuid) }
    return out.finished()
  }

  /// A line's bytes, written one field at a time in key order.
  private struct Fields {
    private var bytes: [UInt8] = []
    private var last: TraceLine.CodingKeys?

    init() {
      bytes.reserveCapacity(160)
    }

    private mutating func key(_ key: TraceLine.CodingKeys) {
      assert(last.map { $0.rawValue < key.rawValue } ?? true, "\(key.stringValue) written out of key order")
      bytes.append(last == nil ? UInt8(ascii: "{") : UInt8(ascii: ","))
      last = key
      // A key is a plain name: nothing to escape.
      bytes.append(UInt8(ascii: "\""))
      bytes.append(contentsOf: key.stringValue.utf8)
      bytes.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }

    mutating func string(_ key: TraceLine.CodingKeys, _ value: String) {
      self.key(key)
      TraceLineEncoder.appendString(value, to: &bytes)
    }

    mutating func number(_ key: TraceLine.CodingKeys, _ value: some BinaryInteger) {
      self.key(key)
      bytes.append(contentsOf: String(value).utf8)
    }

    mutating func strings(_ key: TraceLine.CodingKeys, _ values: [String]) {
      self.key(key)
      bytes.append(UInt8(ascii: "["))
      for (index, value) in values.enumerated() {
        if index > 0 { bytes.append(UInt8(ascii: ",")) }
        TraceLineEncoder.appendString(value, to: &bytes)
      }
      bytes.append(UInt8(ascii: "]"))
    }

    mutating func raw(_ key: TraceLine.CodingKeys, _ json: some Sequence<UInt8>) {
      self.key(key)
      bytes.append(contentsOf: json)
    }

    consuming func finished() -> [UInt8] {
      bytes.append(UInt8(ascii: "}"))
      return bytes
    }
  }

  /// `value` as a JSON string: quotes, backslashes and control characters escaped, everything
  /// else as its UTF-8.
  static func appendString(_ value: String, to line: inout [UInt8]) {
    line.append(UInt8(ascii: "\""))
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "\""): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
      case UInt8(ascii: "\\"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
      case UInt8(ascii: "\n"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
      case UInt8(ascii: "\r"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
      case UInt8(ascii: "\t"): line.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
      case 0..<0x20:
        let hex = String(byte, radix: 16)
        line.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
      default: line.append(byte)
      }
    }
    line.append(UInt8(ascii: "\""))
  }
}
