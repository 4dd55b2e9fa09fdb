/// The result of a fetch: elements in sections, in the query's order.
public struct FetchedResultsSnapshot<Element: Identifiable & Equatable & Sendable>: Sendable, Equatable
where Element.ID: Sendable {
  /// A run of elements with the same section value.
  public struct Section: Sendable, Equatable {
    /// The section column's value as text, or `nil` for an unsectioned request.
    public var name: String?
    /// The section's elements, in order.
    public var elements: [Element]

    /// A section.
    ///
    /// - Parameters:
    ///   - name: The section's name.
    ///   - elements: Its elements.
    public init(name: String?, elements: [Element]) {
      self.name = name
      self.elements = elements
    }
  }

  /// The sections, in order.
  public var sections: [Section]

  /// A snapshot of `sections`.
  ///
  /// - Parameter sections: The sections, in order.
  public init(sections: [Section]) {
    self.sections = sections
  }

  /// A snapshot of `elements`, in one unnamed section (none when `elements` is empty), or in
  /// sections named by `sectionName` when given (consecutive elements with the same name share
  /// one).
  ///
  /// - Parameters:
  ///   - elements: The elements, in order.
  ///   - sectionName: Names each element's section.
  public init(_ elements: [Element], sectionedBy sectionName: ((Element) -> String)? = nil) {
    guard let sectionName else {
      sections = elements.isEmpty ? [] : [Section(name: nil, elements: elements)]
      return
    }
    var sections: [Section] = []
    for element in elements {
      let name = sectionName(element)
      if sections.last?.name == name {
        sections[sections.count - 1].elements.append(element)
      } else {
        sections.append(Section(name: name, elements: [element]))
      }
    }
    self.sections = sections
  }

  /// An empty snapshot.
  public static var empty: Self { Self(sections: []) }

  /// Every element, section after section.
  public var elements: [Element] { sections.flatMap(\.elements) }

  /// How many elements there are.
  public var count: Int { sections.reduce(0) { $0 + $1.elements.count } }

  /// The element at `indexPath`.
  public subscript(indexPath: FetchedIndexPath) -> Element {
    sections[indexPath.section].elements[indexPath.item]
  }
}

// Recorded in traces when the elements are: a feature's state and actions hold snapshots.
extension FetchedResultsSnapshot.Section: Codable where Element: Codable {}
extension FetchedResultsSnapshot: Codable where Element: Codable {}
