import Foundation

extension ValueDump {
  /// Turns values into ``Node``s through `Mirror`.
  ///
  /// Two passes: the first counts how often each object appears, so that the second can number
  /// the objects met more than once (shared or cyclic) and render each in full only the first
  /// time: `Link#1(name: "a", next: Link#1(↩︎))`.
  struct Reflector {
    /// Whether this is the counting pass.
    private var isCounting = false
    /// How often each object was met (counting pass).
    private var occurrences: [ObjectIdentifier: Int] = [:]
    /// The objects met more than once (rendering pass).
    private var repeated: Set<ObjectIdentifier> = []
    /// The numbers given so far to repeated objects, in the order they were first rendered.
    private var numbers: [ObjectIdentifier: Int] = [:]
    /// Whether ``CustomDumpStringConvertible`` and ``CustomDumpReflectable`` apply: they change
    /// how values print, never whether they are equal, so content comparison turns them off.
    private var usesHooks = true
    /// The fields to show for objects, by identity, instead of their fields now (rendering pass):
    /// the objects' content as an earlier snapshot froze it.
    private var frozenFields: [ObjectIdentifier: [Item]] = [:]
    /// The fields each object was rendered with (rendering pass), for a snapshot to keep.
    private(set) var renderedFields: [ObjectIdentifier: [Item]] = [:]
    /// The whole values of the shared references met (rendering pass), by identity: what an
    /// assertion on this snapshot starts from.
    private(set) var sharedValues: [ObjectIdentifier: Any] = [:]

    /// The structure of `value`, its repeated objects numbered.
    ///
    /// - Parameters:
    ///   - value: Any value.
    ///   - usesHooks: `false` to read every value through its own fields, as comparing by
    ///     content does.
    static func node(for value: Any, usesHooks: Bool = true) -> Node {
      rendering(value, usesHooks: usesHooks).node
    }

    /// The structure of `value` and the fields each of its objects was rendered with, objects
    /// found in `frozenFields` rendered with those fields instead of their current ones.
    ///
    /// - Parameters:
    ///   - value: Any value.
    ///   - usesHooks: `false` to read every value through its own fields.
    ///   - frozenFields: Fields to show for objects, by identity.
    static func rendering(
      _ value: Any,
      usesHooks: Bool,
      frozenFields: [ObjectIdentifier: [Item]] = [:]
    ) -> (node: Node, fields: [ObjectIdentifier: [Item]], sharedValues: [ObjectIdentifier: Any]) {
      var counter = Reflector()
      counter.isCounting = true
      counter.usesHooks = usesHooks
      _ = counter.node(for: value)
      var renderer = Reflector()
      renderer.usesHooks = usesHooks
      renderer.frozenFields = frozenFields
      renderer.repeated = Set(counter.occurrences.filter { $0.value > 1 }.keys)
      let node = renderer.node(for: value)
      return (node, renderer.renderedFields, renderer.sharedValues)
    }

    /// Whether `value` holds an object anywhere in its content (read as content comparison reads
    /// it, without dump hooks): then a copy of it shares state with the original.
    ///
    /// Stops at the first object; a value without one is walked whole.
    ///
    /// - Parameter value: Any value.
    static func holdsObjects(_ value: Any) -> Bool {
      // A trivially copyable type holds no reference at all: no Mirror needed.
      if isTriviallyCopyable(value) || leafText(of: value) != nil { return false }
      // A shared value is a reference, though it prints as the value it holds.
      if value is any SharedValueReflecting { return true }
      let mirror = Mirror(reflecting: value)
      if mirror.displayStyle == .class { return true }
      for child in mirror.children where holdsObjects(child.value) { return true }
      return false
    }

    /// Whether `value`'s type is trivially copyable (`value` is opened from `Any`).
    private static func isTriviallyCopyable<T>(_ value: T) -> Bool {
      _isPOD(T.self)
    }

    /// The structure of `value`.
    private mutating func node(for value: Any) -> Node {
      // A shared value prints, and compares, as the value it holds now (or as the assertion
      // being checked has it).
      if let shared = value as? any SharedValueReflecting {
        if !isCounting {
          let root = shared.sharedRoot
          sharedValues[root.id] = root.value
        }
        return node(for: shared.sharedValue)
      }
      if usesHooks, let convertible = value as? any CustomDumpStringConvertible {
        return .text(convertible.customDumpDescription)
      }
      let hook =
        usesHooks
        ? (value as? any CustomDumpReflectable)?.customDumpMirror : (value as? any ComparedAsDumped)?.customDumpMirror
      let mirror = hook ?? Mirror(reflecting: value)
      if mirror.displayStyle == .optional {
        guard let wrapped = mirror.children.first else { return .text("nil") }
        return node(for: wrapped.value)
      }
      if type(of: value) == AnyHashable.self, let hashable = value as? AnyHashable {
        return node(for: hashable.base)
      }
      if let text = Self.leafText(of: value) {
        return .text(text)
      }
      switch mirror.displayStyle {
      case .collection:
        return .group(Group(open: "[", items: mirror.children.map { Item(node: node(for: $0.value)) }, close: "]"))
      case .set:
        let elements = mirror.children.map { node(for: $0.value) }.map { (Layout.oneLine($0), $0) }
        let sorted = elements.sorted { $0.0 < $1.0 }.map { Item(node: $0.1) }
        return .group(Group(open: "Set([", items: sorted, close: "])"))
      case .dictionary:
        return dictionaryNode(mirror)
      case .tuple:
        return .group(Group(open: "(", items: tupleItems(mirror), close: ")"))
      case .enum:
        return enumNode(value, mirror)
      case .class:
        return classNode(value, mirror)
      default:
        return fieldsNode(value, mirror, fields: fieldItems(mirror))
      }
    }

    // MARK: - Leaves

    /// The text of a value rendered whole rather than through its fields.
    private static func leafText(of value: Any) -> String? {
      switch value {
      case let string as String: string.contains("\n") ? block(string) : quoted(string)
      case let substring as Substring: substring.contains("\n") ? block(substring) : quoted(substring)
      case let character as Character: quoted(String(character))
      case let type as any Any.Type: ValueDump.typeName(type) + ".self"
      case let date as Date: date.description
      case let uuid as UUID: uuid.description
      case let url as URL: url.description
      case let decimal as Decimal: decimal.description
      default: nil
      }
    }

    /// The description of a value that has no fields: `42`, `true`, a custom description.
    private static func description(of value: Any) -> String? {
      switch value {
      case let value as any CustomStringConvertible: value.description
      case let value as any CustomDebugStringConvertible: value.debugDescription
      default: nil
      }
    }

    /// `string` in quotes, with quotes, backslashes and control characters escaped.
    static func quoted(_ string: some StringProtocol) -> String {
      "\"" + escaped(string, keepingLineBreaks: false) + "\""
    }

    /// A string with line breaks as a multi-line literal, one line of text per line, so that a
    /// diff points at the lines that changed. The text and the closing delimiter are indented two
    /// spaces past the opening one (valid Swift, and a diff then keeps the line that holds the
    /// opening delimiter as the path to a change):
    ///
    ///     body: """
    ///       line one
    ///       line two
    ///       """
    static func block(_ string: some StringProtocol) -> String {
      let body = escaped(string, keepingLineBreaks: true).replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
      let lines = body.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
      return "\"\"\"\n" + lines.joined(separator: "\n") + "\n  \"\"\""
    }

    /// `string` with backslashes, control characters and (outside blocks) quotes and line breaks
    /// escaped.
    private static func escaped(_ string: some StringProtocol, keepingLineBreaks: Bool) -> String {
      var result = ""
      for scalar in string.unicodeScalars {
        switch scalar {
        case "\"" where !keepingLineBreaks: result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += keepingLineBreaks ? "\n" : "\\n"
        case "\r": result += "\\r"
        case "\t": result += "\\t"
        case "\0": result += "\\0"
        default:
          switch scalar.properties.generalCategory {
          case .control, .lineSeparator, .paragraphSeparator:
            result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
          default:
            result.unicodeScalars.append(scalar)
          }
        }
      }
      return result
    }

    // MARK: - Composites

    /// `["a": 1, "b": 2]`, sorted by the keys' one-line text, then by the values'.
    private mutating func dictionaryNode(_ mirror: Mirror) -> Node {
      var entries: [(key: String, value: String, item: Item)] = []
      for child in mirror.children {
        let pair = Mirror(reflecting: child.value).children.map(\.value)
        guard pair.count == 2 else { continue }
        let key = Layout.oneLine(node(for: pair[0]))
        let value = node(for: pair[1])
        entries.append((key, Layout.oneLine(value), Item(label: key, node: value)))
      }
      guard !entries.isEmpty else { return .text("[:]") }
      entries.sort { ($0.key, $0.value) < ($1.key, $1.value) }
      return .group(Group(open: "[", items: entries.map(\.item), close: "]"))
    }

    /// `.caseName`, `.caseName(payload)` or `.caseName(label: payload, …)`.
    private mutating func enumNode(_ value: Any, _ mirror: Mirror) -> Node {
      guard let payload = mirror.children.first, let name = payload.label else {
        return .text(Self.description(of: value) ?? ".\(value)")
      }
      let payloadMirror = Mirror(reflecting: payload.value)
      var items = [Item(node: node(for: payload.value))]
      if payloadMirror.displayStyle == .tuple {
        items = tupleItems(payloadMirror)
        if items.isEmpty { items = [Item(node: .text("()"))] }
      }
      return .group(Group(open: ".\(name)(", items: items, close: ")"))
    }

    /// `ClassName(field: value, …)` with inherited fields first. An object met more than once
    /// is numbered, `ClassName#1(…)`, and rendered in full only the first time; later it reads
    /// `ClassName#1(↩︎)`, which also cuts cycles.
    private mutating func classNode(_ value: Any, _ mirror: Mirror) -> Node {
      let id = ObjectIdentifier(value as AnyObject)
      var name = ValueDump.typeName(type(of: value))
      if isCounting {
        occurrences[id, default: 0] += 1
        if occurrences[id, default: 0] > 1 { return .text(name) }
      } else if repeated.contains(id) {
        if let number = numbers[id] { return .text("\(name)#\(number)(↩︎)") }
        let number = numbers.count + 1
        numbers[id] = number
        name += "#\(number)"
      }
      let fields: [Item]
      if !isCounting, let frozen = frozenFields[id] {
        fields = frozen
      } else {
        var mirrors = [mirror]
        while let superclass = mirrors.last?.superclassMirror { mirrors.append(superclass) }
        fields = mirrors.reversed().flatMap { fieldItems($0) }
      }
      if !isCounting { renderedFields[id] = fields }
      return fieldsNode(value, mirror, fields: fields, name: name)
    }

    /// `TypeName(field: value, …)`; `TypeName()` or the value's description when it has no fields.
    private func fieldsNode(_ value: Any, _ mirror: Mirror, fields: [Item], name: String? = nil) -> Node {
      if fields.isEmpty, let description = Self.description(of: value) {
        return .text(description)
      }
      if fields.isEmpty, mirror.displayStyle == nil, !(value is any CustomReflectable) {
        return .text(String(describing: value))  // functions and other opaque values
      }
      return .group(Group(open: (name ?? ValueDump.typeName(type(of: value))) + "(", items: fields, close: ")"))
    }

    /// The stored properties a mirror lists, leaving out compiler-made `_$` storage.
    private mutating func fieldItems(_ mirror: Mirror) -> [Item] {
      mirror.children.compactMap { child in
        if let label = child.label, label.hasPrefix("_$") { return nil }
        // `@Presents var child` is stored as `_child`: show it under the name the feature uses.
        if let label = child.label, label.hasPrefix("_"), child.value is any DumpsUnderWrappedName {
          return Item(label: String(label.dropFirst()), node: node(for: child.value))
        }
        return Item(label: child.label, node: node(for: child.value))
      }
    }

    /// A tuple's elements, labelled when the tuple type labels them.
    private mutating func tupleItems(_ mirror: Mirror) -> [Item] {
      mirror.children.map { child in
        let label = child.label.flatMap { $0.hasPrefix(".") ? nil : $0 }
        return Item(label: label, node: node(for: child.value))
      }
    }
  }
}

extension ValueDump.Item {
  /// An unlabelled item.
  init(node: ValueDump.Node) {
    self.init(label: nil, node: node)
  }
}
