/// What a running observer tells its feature: the delegate callbacks of a fetched-results
/// controller, as actions.
public enum FetchedResultsEvent<Element: Identifiable & Equatable & Sendable>: Sendable, Equatable
where Element.ID: Sendable {
  /// The first snapshot, always the first event (empty if the first fetch failed; a
  /// ``failed(_:)`` follows then).
  case initial(FetchedResultsSnapshot<Element>)
  /// A commit changed the result: the new snapshot and how it differs from the previous one.
  /// Never sent with no changes.
  case didChangeContent(FetchedResultsSnapshot<Element>, FetchedResultsChanges)
  /// A fetch failed; the observer keeps the last snapshot and recovers when it can.
  case failed(FetchedResultsError)
}

// Recorded in traces when the elements are: a feature's actions carry the observer's events.
extension FetchedResultsEvent: Codable where Element: Codable {}
