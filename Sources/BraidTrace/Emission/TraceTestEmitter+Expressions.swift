import Braid
import Foundation

extension TraceTestEmitter {
  /// The assignments that turn `before` into `after`: one per changed stored property, or one
  /// for the whole state when it is not a struct of plain properties.
  static func changes<State: Encodable>(from before: State, to after: State, line: Int) throws(TraceError) -> [String] {
    guard !ValueDump.sameContent(before, after) else { return [] }
    let old = Mirror(reflecting: before)
    let new = Mirror(reflecting: after)
    let fields = Array(zip(old.children, new.children))
    let plain =
      new.displayStyle == .struct
      && fields.allSatisfy { old, new in
        guard let label = new.label else { return false }
        return old.label == label && !label.hasPrefix("_")
      }
    let whole = try ["$0 = \(expression(for: after, line: line))"]
    guard plain else { return whole }
    var assignments: [String] = []
    for (old, new) in fields {
      guard let label = new.label, !ValueDump.sameContent(old.value, new.value) else { continue }
      // A field that is neither a literal nor `Encodable` (a custom `Codable` state) is set
      // with the whole state, which is `Codable`.
      guard let value = SwiftLiteral.render(new.value) ?? decoding(any: new.value) else { return whole }
      assignments.append("$0.\(label) = \(value)")
    }
    return assignments
  }

  /// `value` as a literal, else decoded from its JSON.
  static func expression(for value: some Encodable, line: Int) throws(TraceError) -> String {
    if let literal = SwiftLiteral.render(value) { return literal }
    return try decoding(value, line: line)
  }

  /// An expression that decodes `value` from its JSON.
  static func decoding(_ value: some Encodable, line: Int) throws(TraceError) -> String {
    guard let expression = decoding(any: value) else {
      throw .cannotEmit(line: line, reason: "\(ValueDump.dump(value)) fails to encode")
    }
    return expression
  }

  /// An expression that decodes `value` from its JSON, or `nil` when it is not `Encodable` or
  /// fails to encode.
  static func decoding(any value: Any) -> String? {
    guard let encodable = value as? any Encodable,
      let json = try? String(decoding: TraceJSON.encoder().encode(encodable), as: UTF8.self)
    else { return nil }
    let typeName = String(reflecting: type(of: value))
    return "try JSONDecoder().decode(\(typeName).self, from: Data(\(SwiftLiteral.raw(json)).utf8))"
  }
}
