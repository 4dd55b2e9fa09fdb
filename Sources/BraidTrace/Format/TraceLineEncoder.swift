import Foundation

/// Writes a ``TraceRecord`` as one line of JSON, keys sorted, by hand: only an action's or a
/// state's value goes through `JSONEncoder`. Through `JSONEncoder` whole, two lines per action
/// were half of a recorded send (the recorded-send row of Benchmarks/instructions.sh).
struct TraceLineEncoder {
  private let encoder = TraceJSON.encoder()

  /// The line's bytes, without a newline.
  ///
  /// - Throws: The error of an action or state whose `encode(to:)` throws.
  func encode(_ record: TraceRecord) throws -> [UInt8] {
    var line: [UInt8] = []
    line.reserveCapacity(160)
    var first = true
    func key(_ name: StaticString) {
      line.append(first ? UInt8(ascii: "{") : UInt8(ascii: ","))
      first = false
      line.append(UInt8(ascii: "\""))
      name.withUTF8Buffer { line.append(contentsOf: $0) }
      line.append(contentsOf: [UInt8(ascii: "\""), UInt8(ascii: ":")])
    }
    func string(_ value: String) { Self.appendString(value, to: &line) }
    func number(_ value: some BinaryInteger) { line.append(contentsOf: String(value).utf8) }

    if let action = record.action {
      key("action")
      line.append(contentsOf: try encoder.encode(action))
    }
    if let attempt = record.attempt {
      key("attempt")
      number(attempt)
    }
    if let by = record.by {
      key("by")
      number(by)
    }
    if let change = record.change {
      key("change")
      string(change)
    }
    if let count = record.count {
      key("count")
      number(count)
    }
    if let date = record.date {
      key("date")
      line.append(contentsOf: (date.isFinite ? "\(date)" : "null").utf8)
    }
    if let digest = record.digest {
      key("digest")
      string(digest)
    }
    if let dump = record.dump {
      key("dump")
      string(dump)
    }
    if let effect = record.effect {
      key("effect")
      number(effect)
    }
    if let error = record.error {
      key("error")
      string(error)
    }
    key("event")
    string(record.event)
    if let id = record.id {
      key("id")
      string(id)
    }
    if let ids = record.ids {
      key("ids")
      line.append(UInt8(ascii: "["))
      for (index, id) in ids.enumerated() {
        if index > 0 { line.append(UInt8(ascii: ",")) }
        string(id)
      }
      line.append(UInt8(ascii: "]"))
    }
    if let kind = record.kind {
      key("kind")
      string(kind)
    }
    if let now = record.now {
      key("now")
      line.append(contentsOf: "[\(now.seconds),\(now.attoseconds)]".utf8)
    }
    if let origin = record.origin {
      key("origin")
      string(origin)
    }
    if let parent = record.parent {
      key("parent")
      number(parent)
    }
    if let path = record.path {
      key("path")
      string(path)
    }
    if let random = record.random {
      key("random")
      line.append(contentsOf: "[\(random.map(String.init).joined(separator: ","))]".utf8)
    }
    if let resource = record.resource {
      key("resource")
      string(resource)
    }
    if let seq = record.seq {
      key("seq")
      number(seq)
    }
    if let state = record.state {
      key("state")
      line.append(contentsOf: try encoder.encode(state))
    }
    if let time = record.time {
      key("time")
      number(time)
    }
    if let uuid = record.uuid {
      key("uuid")
      string(uuid)
    }
    line.append(UInt8(ascii: "}"))
    return line
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
