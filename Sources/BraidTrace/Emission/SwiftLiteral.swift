/// Swift source for a value, where the value's structure allows one that reads back as the same
/// value: strings, booleans, integers, finite floating-point numbers, optionals, arrays and enum
/// cases of these. `nil` for anything else (a struct, whose initializer may not be visible; a
/// dictionary, a set, a class), which an emitted test decodes from JSON instead.
enum SwiftLiteral {
  static func render(_ value: Any) -> String? {
    switch value {
    case let string as String: return quoted(string)
    case let bool as Bool: return "\(bool)"
    case let int as Int: return "\(int)"
    case let int as Int8: return "\(int)"
    case let int as Int16: return "\(int)"
    case let int as Int32: return "\(int)"
    case let int as Int64: return "\(int)"
    case let int as UInt: return "\(int)"
    case let int as UInt8: return "\(int)"
    case let int as UInt16: return "\(int)"
    case let int as UInt32: return "\(int)"
    case let int as UInt64: return "\(int)"
    case let double as Double: return double.isFinite ? "\(double)" : nil
    case let float as Float: return float.isFinite ? "\(float)" : nil
    default: break
    }
    let mirror = Mirror(reflecting: value)
    switch mirror.displayStyle {
    case .optional:
      guard let wrapped = mirror.children.first else { return "nil" }
      return render(wrapped.value)
    case .collection where value is any RangeReplaceableCollection:
      // Arrays; an `IdentifiedArray` or another collection type has no literal of its own.
      guard "\(type(of: value))".hasPrefix("Array<") else { return nil }
      var elements: [String] = []
      for child in mirror.children {
        guard let element = render(child.value) else { return nil }
        elements.append(element)
      }
      return "[\(elements.joined(separator: ", "))]"
    case .enum:
      return renderCase(value, mirror)
    default:
      return nil
    }
  }

  /// `.name` or `.name(payload, label: payload)`.
  private static func renderCase(_ value: Any, _ mirror: Mirror) -> String? {
    guard let payload = mirror.children.first else {
      // A case without a payload prints as its name, unless the type prints itself otherwise.
      if value is any CustomStringConvertible || value is any CustomDebugStringConvertible { return nil }
      let name = "\(value)"
      return isIdentifier(name) ? ".\(name)" : nil
    }
    guard let name = payload.label, isIdentifier(name) else { return nil }
    let payloadMirror = Mirror(reflecting: payload.value)
    guard payloadMirror.displayStyle == .tuple else {
      return render(payload.value).map { ".\(name)(\($0))" }
    }
    var arguments: [String] = []
    for element in payloadMirror.children {
      guard let rendered = render(element.value) else { return nil }
      // Unlabelled tuple elements are reflected as `.0`, `.1`, …
      if let label = element.label, !label.hasPrefix("."), isIdentifier(label) {
        arguments.append("\(label): \(rendered)")
      } else {
        arguments.append(rendered)
      }
    }
    return ".\(name)(\(arguments.joined(separator: ", ")))"
  }

  /// `string` as a Swift string literal, escaping what a literal cannot hold as is.
  static func quoted(_ string: String) -> String {
    var literal = "\""
    for scalar in string.unicodeScalars {
      switch scalar {
      case "\"": literal += "\\\""
      case "\\": literal += "\\\\"
      case "\n": literal += "\\n"
      case "\r": literal += "\\r"
      case "\t": literal += "\\t"
      case "\0": literal += "\\0"
      default:
        if scalar.value < 0x20 || scalar.value == 0x7F || scalar.properties.generalCategory == .format {
          literal += "\\u{\(String(scalar.value, radix: 16))}"
        } else {
          literal.unicodeScalars.append(scalar)
        }
      }
    }
    return literal + "\""
  }

  /// `text` as a raw string literal (`#"…"#`, with as many `#` as it needs) on one line: for
  /// JSON, which holds no raw newline.
  static func raw(_ text: String) -> String {
    var hashes = "#"
    while text.contains("\"\(hashes)") { hashes += "#" }
    return "\(hashes)\"\(text)\"\(hashes)"
  }

  private static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, first == "_" || first.properties.isXIDStart else { return false }
    return name.unicodeScalars.allSatisfy { $0 == "_" || $0.properties.isXIDContinue }
  }
}
