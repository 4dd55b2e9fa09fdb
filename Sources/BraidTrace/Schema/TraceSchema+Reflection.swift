extension TraceSchema {
  /// The schema of a feature's `State` and `Action` types, reflected from their runtime metadata:
  /// no value of either is needed, and every case of an enum is listed, not only those seen.
  ///
  /// - Parameters:
  ///   - state: The feature's state type.
  ///   - action: The feature's action type.
  public init<State, Action>(state: State.Type, action: Action.Type) {
    var reflector = SchemaReflector()
    self.init(
      state: reflector.visit(State.self),
      action: reflector.visit(Action.self),
      types: reflector.types
    )
  }
}

/// Walks types through their metadata, recording each reachable type's shape once (which also
/// ends recursion through recursive types).
struct SchemaReflector {
  var types: [String: TraceSchema.TypeShape] = [:]

  /// Records the shape of `type` and of every type it reaches, and returns its full name.
  mutating func visit(_ type: Any.Type) -> String {
    let name = Self.name(of: type)
    guard types[name] == nil else { return name }
    // Placed first, so that a recursive type meets its own name and stops.
    types[name] = .leaf
    types[name] = shape(of: type, named: name)
    return name
  }

  private mutating func shape(of type: Any.Type, named name: String) -> TraceSchema.TypeShape {
    let metadata = ReflectedMetadata(type)
    switch metadata.kind {
    case .optional:
      return .container(arguments: metadata.genericArguments(1).map { visit($0) })
    case .structure:
      if let count = Self.containerArity(name) {
        return .container(arguments: metadata.genericArguments(count).map { visit($0) })
      }
      if Self.isLibraryType(name) { return .leaf }
      let fields = metadata.fields.map { TraceSchema.Member(name: $0.name, type: $0.type.map { visit($0) } ?? "?") }
      return .structure(fields: fields)
    case .enumeration:
      if Self.isLibraryType(name) { return .leaf }
      return .enumeration(
        cases: metadata.fields.map { TraceSchema.Member(name: $0.name, type: $0.type.map { visit($0) }) })
    case .tuple:
      let labels = Self.tupleLabels(name, count: metadata.tupleElements.count)
      return .tuple(
        elements: zip(labels, metadata.tupleElements).map { TraceSchema.Member(name: $0, type: visit($1)) })
    case .object:
      return .object
    case .other:
      return .leaf
    }
  }

  /// A type's full name, the same on every platform: Foundation's types are named `Foundation.`
  /// wherever the module that defines them is (`FoundationEssentials.UUID` on Linux).
  static func name(of type: Any.Type) -> String {
    String(reflecting: type)
      .replacingOccurrences(of: "FoundationEssentials.", with: "Foundation.")
      .replacingOccurrences(of: "FoundationInternationalization.", with: "Foundation.")
  }

  /// Whether a type belongs to the standard library or Foundation, whose stored properties are
  /// theirs, not the feature's: the schema names such a type without opening it.
  private static func isLibraryType(_ name: String) -> Bool {
    name.hasPrefix("Swift.") || name.hasPrefix("Foundation.") || name.hasPrefix("_Concurrency.")
  }

  /// How many generic arguments a standard library container has that the schema follows.
  private static func containerArity(_ name: String) -> Int? {
    if name.hasPrefix("Swift.Array<") || name.hasPrefix("Swift.Set<") || name.hasPrefix("Swift.ContiguousArray<") {
      return 1
    }
    if name.hasPrefix("Swift.Dictionary<") { return 2 }
    return nil
  }

  /// The labels of a tuple type's elements, read from its name (`(x: Swift.Int, Swift.Int)`);
  /// empty for an unlabelled element.
  private static func tupleLabels(_ name: String, count: Int) -> [String] {
    var labels: [String] = []
    var depth = 0
    var element = ""
    for character in name.dropFirst().dropLast() {
      switch character {
      case "(", "<", "[": depth += 1
      case ")", ">", "]": depth -= 1
      case "," where depth == 0:
        labels.append(element)
        element = ""
        continue
      default: break
      }
      element.append(character)
    }
    labels.append(element)
    let names = labels.map { part -> String in
      let trimmed = part.drop { $0 == " " }
      guard let colon = trimmed.firstIndex(of: ":"), !trimmed[..<colon].contains(where: { "<([. ".contains($0) })
      else { return "" }
      return String(trimmed[..<colon])
    }
    return names.count == count ? names : Array(repeating: "", count: count)
  }
}
