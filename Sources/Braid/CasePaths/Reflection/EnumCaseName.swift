/// The name of an enum case as Swift source spells it, for tools that name cases.
///
/// `Mirror` labels a case's payload with the case's base name alone, so the two cases of
/// `case set(x: Int)` and `case set(y: Int)` both read `set`. Where an enum declares its base
/// name more than once, the name gains the payload's labels, `set(x:)`, as a case path to it
/// is written (`/Action.set(x:)`).
package enum EnumCaseName {
  /// `name`, or `name(label:…)` when `enumType` declares more than one case named `name`.
  ///
  /// - Parameters:
  ///   - name: The case's base name, as `Mirror` labels its payload.
  ///   - payload: The payload `Mirror` gives for the case: a one-element tuple for a case with
  ///     one labelled value, a tuple for several values, the value itself otherwise.
  ///   - enumType: The enum's type.
  /// - Returns: The name that tells the case apart from the others.
  package static func disambiguated(_ name: String, payload: Any, in enumType: Any.Type) -> String {
    guard let cases = TypeMetadata(enumType).enumCases else { return name }
    var sharing = 0
    for tag in 0..<cases.count where cases.name(tag: tag) == name { sharing += 1 }
    guard sharing > 1 else { return name }
    let mirror = Mirror(reflecting: payload)
    let labels =
      mirror.displayStyle == .tuple
      ? mirror.children.map { child in
        // Unlabelled tuple elements are reflected as `.0`, `.1`, ….
        guard let label = child.label, !label.hasPrefix(".") else { return "_:" }
        return "\(label):"
      } : ["_:"]
    return "\(name)(\(labels.joined()))"
  }
}
