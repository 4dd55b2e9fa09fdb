/// The structure of a feature's `State` and `Action`, as reflected from their types: each
/// struct's fields with their types, each enum's cases with their payload types, recursively.
///
/// A trace carries the schema of the feature that recorded it, and a replay refuses a trace
/// whose schema differs from the feature it is given, saying what changed (see
/// ``differences(from:)``): a case added, removed or renamed, a payload or field whose type
/// changed.
public struct TraceSchema: Codable, Hashable, Sendable {
  /// The full name of the state type, such as `SignUpFeature.SignUp.State`.
  public var state: String
  /// The full name of the action type.
  public var action: String
  /// The shape of every type reachable from the two, by full name.
  public var types: [String: TypeShape]

  /// How one type is built.
  public enum TypeShape: Codable, Hashable, Sendable {
    /// A value read whole: a number, a string, a date, a standard library or Foundation type.
    case leaf
    /// A class: compared by its name only.
    case object
    /// A struct's stored properties, in declaration order.
    case structure(fields: [Member])
    /// An enum's cases, with the payload type of each case that has one.
    case enumeration(cases: [Member])
    /// A tuple's elements; a label is empty when the element has none.
    case tuple(elements: [Member])
    /// An array, set, dictionary or optional, with its generic arguments.
    case container(arguments: [String])
  }

  /// A field, case or tuple element: its name and its type's full name (`nil` for a case
  /// without a payload).
  public struct Member: Codable, Hashable, Sendable {
    public var name: String
    public var type: String?

    /// Creates a member.
    ///
    /// - Parameters:
    ///   - name: The field's, case's or label's name.
    ///   - type: Its type's full name, or `nil` for a case without a payload.
    public init(name: String, type: String?) {
      self.name = name
      self.type = type
    }
  }

  /// Creates a schema from its parts.
  ///
  /// - Parameters:
  ///   - state: The state type's full name.
  ///   - action: The action type's full name.
  ///   - types: The shape of each reachable type.
  public init(state: String, action: String, types: [String: TypeShape]) {
    self.state = state
    self.action = action
    self.types = types
  }

  /// A digest of the schema, the same for the same structure in any process: two traces with
  /// the same fingerprint were recorded by features of the same structure.
  public var fingerprint: String {
    StableHash.hex(of: TraceJSON.encodeSorted(self))
  }

  /// What changed from `recorded` (a trace's schema) to this one, one sentence each; empty when
  /// the structures agree.
  ///
  /// - Parameter recorded: The schema a trace was recorded with.
  /// - Returns: The changes, such as `case .submitTapped of SignUp.Action was removed`.
  public func differences(from recorded: TraceSchema) -> [String] {
    var changes: [String] = []
    if state != recorded.state { changes.append("the state type is \(state); the trace's is \(recorded.state)") }
    if action != recorded.action { changes.append("the action type is \(action); the trace's is \(recorded.action)") }
    for name in recorded.types.keys.sorted() {
      guard let before = recorded.types[name] else { continue }
      guard let now = types[name] else {
        // A type no longer reachable shows as a changed field or payload type of its user.
        continue
      }
      if before != now { changes += Self.changes(of: name, from: before, to: now) }
    }
    return changes
  }

  private static func changes(of name: String, from before: TypeShape, to now: TypeShape) -> [String] {
    switch (before, now) {
    case (.enumeration(let old), .enumeration(let new)):
      return memberChanges(old, new, noun: "case", prefix: ".", owner: name)
    case (.structure(let old), .structure(let new)):
      return memberChanges(old, new, noun: "field", prefix: "", owner: name)
    default:
      return ["\(name) was \(describe(before)) and is now \(describe(now))"]
    }
  }

  private static func memberChanges(
    _ old: [Member], _ new: [Member], noun: String, prefix: String, owner: String
  ) -> [String] {
    let oldTypes = Dictionary(old.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
    let newTypes = Dictionary(new.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
    var changes: [String] = []
    for member in old where newTypes[member.name] == nil {
      changes.append("\(noun) \(prefix)\(member.name) of \(owner) was removed (or renamed)")
    }
    for member in new where oldTypes[member.name] == nil {
      changes.append("\(noun) \(prefix)\(member.name) of \(owner) was added (or renamed)")
    }
    for member in old {
      guard let newType = newTypes[member.name], newType != member.type else { continue }
      let what = noun == "case" ? "payload" : "type"
      changes.append(
        "the \(what) of \(noun) \(prefix)\(member.name) of \(owner) was \(member.type ?? "none") and is now \(newType ?? "none")"
      )
    }
    if changes.isEmpty, noun == "field" {
      changes.append("the fields of \(owner) were reordered")
    }
    return changes
  }

  private static func describe(_ shape: TypeShape) -> String {
    switch shape {
    case .leaf: "a value"
    case .object: "a class"
    case .structure: "a struct"
    case .enumeration: "an enum"
    case .tuple(let elements): "a tuple of \(elements.count)"
    case .container(let arguments): "a container of \(arguments.joined(separator: ", "))"
    }
  }
}
