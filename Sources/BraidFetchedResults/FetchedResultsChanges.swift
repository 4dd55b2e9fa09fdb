/// How one snapshot became the next, in `NSFetchedResultsController`'s vocabulary: what a list
/// view applies to animate from the old rows to the new ones.
///
/// Positions follow a table view's batch-update rules: deletions and move sources are old index
/// paths, insertions and move destinations new ones; section changes likewise. An element that
/// kept its place (relative to the others that did) but changed is an update, at its old index
/// path; an element that moved is a move only, and takes its new value with it. Moves are as
/// few as possible: every element that can keep its place does (a longest increasing
/// subsequence of the kept elements' new positions).
public struct FetchedResultsChanges: Sendable, Equatable, Codable {
  /// An element that moved.
  public struct Move: Sendable, Equatable, Codable {
    /// Where it was, in the old snapshot.
    public var from: FetchedIndexPath
    /// Where it is, in the new snapshot.
    public var to: FetchedIndexPath

    /// A move.
    ///
    /// - Parameters:
    ///   - from: The old index path.
    ///   - to: The new index path.
    public init(from: FetchedIndexPath, to: FetchedIndexPath) {
      self.from = from
      self.to = to
    }
  }

  /// Sections that went away, by old position, ascending.
  public var deletedSections: [Int] = []
  /// Sections that appeared, by new position, ascending.
  public var insertedSections: [Int] = []
  /// Elements that went away, by old index path, ascending.
  public var deletes: [FetchedIndexPath] = []
  /// Elements that appeared, by new index path, ascending.
  public var inserts: [FetchedIndexPath] = []
  /// Elements that moved, by old index path, ascending.
  public var moves: [Move] = []
  /// Elements that stayed and changed, by old index path, ascending.
  public var updates: [FetchedIndexPath] = []

  /// No change at all.
  public init() {}

  /// Whether nothing changed.
  public var isEmpty: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty && deletes.isEmpty && inserts.isEmpty
      && moves.isEmpty && updates.isEmpty
  }

  /// How many element changes there are (section changes aside).
  public var count: Int { deletes.count + inserts.count + moves.count + updates.count }
}
