/// The features a tool executable offers: ``BraidTools/main(catalog:arguments:toolName:)``
/// gives each entry `replay`, `--emit-test`, `--html` and, with an exploration, `explore`.
///
/// ```swift
/// import BraidTools
///
/// @main enum Tools {
///   static func main() async {
///     await BraidTools.main(catalog: FeatureCatalog([TimerFeature.catalogEntry]))
///   }
/// }
/// ```
@MainActor
public struct FeatureCatalog {
  /// The entries, in the order the tools list them.
  public let entries: [CatalogEntry]

  /// A catalog of `entries`.
  public init(_ entries: [CatalogEntry]) {
    self.entries = entries
  }

  /// The entry `name` names (its name or an alias, ignoring case), if any.
  public func entry(named name: String) -> CatalogEntry? {
    entries.first { $0.isNamed(name) }
  }

  /// The entries that have an exploration.
  var explorable: [CatalogEntry] { entries.filter { $0.explore != nil } }

  /// `names` as a list in words: `a`, `a or b`, `a, b or c`.
  static func list(_ names: [String]) -> String {
    guard let last = names.last else { return "none" }
    return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " or " + last
  }
}
