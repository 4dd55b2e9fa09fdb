extension ValueDump {
  /// A type's name qualified by its enclosing types but not by its module: `Counter.State`,
  /// `Page<Todo>.Cursor`, `Dictionary<String, Int>`.
  ///
  /// Built from `String(reflecting:)`, which spells private and local types with
  /// `(unknown context at $…)` markers: those are dropped too.
  static func typeName(_ type: any Any.Type) -> String {
    removingModuleNames(from: removingAnonymousContexts(from: String(reflecting: type)))
  }

  /// `Module.(unknown context at $1f2e).Type` becomes `Module.Type`.
  private static func removingAnonymousContexts(from name: String) -> String {
    let marker = "(unknown context at "
    var result = ""
    var rest = Substring(name)
    while let range = rest.firstRange(of: marker) {
      result += rest[..<range.lowerBound]
      rest = rest[range.upperBound...]
      if let close = rest.firstIndex(of: ")") { rest = rest[rest.index(after: close)...] }
      if rest.first == "." { rest = rest.dropFirst() }
    }
    return result + rest
  }

  /// Drops the first component of every dotted path that starts a name: `Swift.Array<App.Todo>`
  /// becomes `Array<Todo>`, while `App.Page<App.Todo>.Cursor` keeps `.Cursor`.
  private static func removingModuleNames(from name: String) -> String {
    let characters = Array(name)
    var result = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      guard character.isLetter || character == "_" else {
        result.append(character)
        index += 1
        continue
      }
      let followsDot = index > 0 && characters[index - 1] == "."
      var components: [String] = []
      while true {
        var component = ""
        while index < characters.count,
          characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
        {
          component.append(characters[index])
          index += 1
        }
        components.append(component)
        guard index + 1 < characters.count, characters[index] == ".",
          characters[index + 1].isLetter || characters[index + 1] == "_"
        else { break }
        index += 1
      }
      let kept = followsDot || components.count == 1 ? components[...] : components.dropFirst()
      result += kept.joined(separator: ".")
    }
    return result
  }
}
