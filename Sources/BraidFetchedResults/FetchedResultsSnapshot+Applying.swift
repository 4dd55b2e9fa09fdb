extension FetchedResultsSnapshot {
  /// This snapshot with `changes` applied as a list view applies them: removals at old index
  /// paths (deletes and move sources, then deleted sections), insertions at new ones (inserted
  /// sections, then inserts and move destinations, ascending), then updates; elements that
  /// appear, move or change take their values from `new`.
  ///
  /// For changes computed from this snapshot to `new`, the result is `new`: what the tests check
  /// with random edits, and what a view that mirrors a snapshot relies on.
  ///
  /// - Parameters:
  ///   - changes: Changes from this snapshot.
  ///   - new: The snapshot the changes lead to.
  /// - Returns: The changed snapshot.
  public func applying(_ changes: FetchedResultsChanges, from new: Self) -> Self {
    var sections = self.sections
    let removals = (changes.deletes + changes.moves.map(\.from)).sorted(by: >)
    for path in removals { sections[path.section].elements.remove(at: path.item) }
    for section in changes.deletedSections.sorted(by: >) { sections.remove(at: section) }
    for section in changes.insertedSections.sorted() {
      sections.insert(Section(name: new.sections[section].name, elements: []), at: section)
    }
    let insertions = (changes.inserts + changes.moves.map(\.to)).sorted()
    for path in insertions { sections[path.section].elements.insert(new[path], at: path.item) }
    if !changes.updates.isEmpty {
      var newElements: [Element.ID: Element] = [:]
      for element in new.elements { newElements[element.id] = element }
      let updated = Set(changes.updates.map { self[$0].id })
      for section in sections.indices {
        for item in sections[section].elements.indices where updated.contains(sections[section].elements[item].id) {
          if let element = newElements[sections[section].elements[item].id] {
            sections[section].elements[item] = element
          }
        }
      }
    }
    return Self(sections: sections)
  }
}
