import Braid
import BraidTrace

/// What an exploration's walks exercised: each action case sent from outside and fed back by
/// effects, the cases that never occurred, and the effects that started, by cancellation ids.
public struct ExplorationCoverage: Sendable, CustomStringConvertible {
  /// How many times each action case was sent from outside, by case name.
  public private(set) var sent: [String: Int] = [:]
  /// How many times each action case was fed back as an effect's answer, by case name.
  public private(set) var fedBack: [String: Int] = [:]
  /// How many effects started under each list of cancellation ids (joined with `, `; `(none)`
  /// for an effect without one).
  public private(set) var effectsStarted: [String: Int] = [:]
  /// Every case of the action type, as its metadata lists them (cases with a payload first).
  public let cases: [String]

  init<Action>(actionType: Action.Type) {
    let schema = TraceSchema(state: Void.self, action: Action.self)
    if case .enumeration(let members)? = schema.types[schema.action] {
      // Cases overloaded by their labels (`set(x:)`, `set(y:)`) are told apart by them, as
      // `caseName(of:)` names them.
      let uses = Dictionary(members.map { ($0.name, 1) }, uniquingKeysWith: +)
      cases = members.map { member in
        guard uses[member.name, default: 0] > 1 else { return member.name }
        guard let type = member.type, case .tuple(let elements)? = schema.types[type] else {
          return "\(member.name)(_:)"
        }
        return "\(member.name)(\(elements.map { ($0.name.isEmpty ? "_" : $0.name) + ":" }.joined()))"
      }
    } else {
      cases = []
    }
  }

  /// The action cases neither sent nor fed back, in the order of ``cases``.
  public var neverOccurred: [String] {
    cases.filter { sent[$0] == nil && fedBack[$0] == nil }
  }

  mutating func note(_ action: some Any, isFedBack: Bool) {
    if isFedBack {
      fedBack[Self.caseName(of: action), default: 0] += 1
    } else {
      sent[Self.caseName(of: action), default: 0] += 1
    }
  }

  mutating func noteEffects(_ started: [[String]]) {
    for ids in started {
      effectsStarted[ids.isEmpty ? "(none)" : ids.joined(separator: ", "), default: 0] += 1
    }
  }

  /// The name of `action`'s case: its label when it has a payload (with the payload's labels
  /// when another case shares it, `set(x:)`), else the case as printed.
  static func caseName(of action: Any) -> String {
    let mirror = Mirror(reflecting: action)
    if mirror.displayStyle == .enum, let payload = mirror.children.first, let label = payload.label {
      return EnumCaseName.disambiguated(label, payload: payload.value, in: type(of: action))
    }
    return String(describing: action)
  }

  /// A table: each case with how often it was sent and fed back, then the effects started.
  public var description: String {
    let names = cases + (Set(sent.keys).union(fedBack.keys).subtracting(cases)).sorted()
    let width = max(6, names.map(\.count).max() ?? 0)
    func padded(_ text: String) -> String { text + String(repeating: " ", count: max(0, width - text.count)) }
    let sentWidth = max(4, (sent.values.map { String($0).count }.max() ?? 0))
    let fedBackWidth = max(8, (fedBack.values.map { String($0).count }.max() ?? 0))
    func right(_ text: String, _ width: Int) -> String {
      String(repeating: " ", count: max(0, width - text.count)) + text
    }
    var lines = ["\(padded("action"))  \(right("sent", sentWidth))  \(right("fed back", fedBackWidth))"]
    for name in names {
      lines.append(
        "\(padded(name))  \(right(String(sent[name] ?? 0), sentWidth))  \(right(String(fedBack[name] ?? 0), fedBackWidth))"
      )
    }
    let never = neverOccurred
    lines.append("never occurred: \(never.isEmpty ? "none" : never.joined(separator: ", "))")
    let effects = effectsStarted.sorted { $0.key < $1.key }.map { "\($0.key) ×\($0.value)" }
    lines.append("effects started: \(effects.isEmpty ? "none" : effects.joined(separator: "; "))")
    return lines.joined(separator: "\n")
  }
}
