import BraidFetchedResults

/// The part of an observer's loop that touches SQLite: a connection, reopened when the file was
/// replaced, and the last snapshot and the data version it was read at.
package struct ObserverFetcher<Element: Identifiable & Equatable & Sendable> where Element.ID: Sendable {
  /// What one check is asked to do.
  package struct Input {
    var request: FetchRequest<Element>
    var force: Bool
    /// Whether a lock is reported; otherwise it is taken for a commit in progress (the
    /// writer's own notifications, or the backstop, bring the next look).
    var reportsLocks: Bool

    package init(request: FetchRequest<Element>, force: Bool, reportsLocks: Bool) {
      self.request = request
      self.force = force
      self.reportsLocks = reportsLocks
    }
  }

  let path: String
  var connection: ObserverConnection?
  /// The data version the snapshot was fetched at: advanced only by a fetch that succeeded, so
  /// a fetch that failed (a lock taken between reading the version and the query) is tried
  /// again, and the commit it would have shown is never skipped
  /// (`aFetchThatALockStoppedIsTriedAgain`).
  var version: Int64?
  var snapshot: FetchedResultsSnapshot<Element>?
  var lastError: FetchedResultsError?
  /// The last check found the data version unchanged (a commit may be about to show).
  var isWaitingForCommit = false
  /// A forced fetch that a lock put off.
  var isForcePending = false
  /// Called between reading the data version and the query: a test takes a lock there.
  package var afterVersionRead: (() -> Void)?

  package init(path: String) {
    self.path = path
  }

  package mutating func close() {
    connection?.close()
    connection = nil
  }

  /// Fetches if the database changed (or `force`), returning what to tell the feature.
  package mutating func check(taking input: Input) -> [FetchedResultsEvent<Element>] {
    let (request, force) = (input.request, input.force || isForcePending)
    var events: [FetchedResultsEvent<Element>] = []
    do throws(FetchedResultsError) {
      if let current = connection, !current.isCurrent {
        // Deleted or replaced underneath: the old file is not the database any more. Its
        // write-ahead log must not outlive it at the path, where the new file would read it.
        try current.releaseLogOfReplacedFile()
        close()
        version = nil
      }
      if connection == nil { connection = try ObserverConnection(path: path) }
      let current = try connection!.dataVersion()
      isWaitingForCommit = false
      isForcePending = false
      guard force || current != version || snapshot == nil else {
        isWaitingForCommit = true
        return []
      }
      afterVersionRead?()
      // After a missing table, another connection's commit may have created it: read the
      // schema again before preparing the query.
      if case .missingTable? = lastError { try connection!.refreshSchema() }
      let next = try Self.snapshot(of: connection!.query(request.sql, arguments: request.arguments), request)
      version = current
      lastError = nil
      if let previous = snapshot {
        let changes = FetchedResultsChanges(from: previous, to: next)
        if !changes.isEmpty { events.append(.didChangeContent(next, changes)) }
      } else {
        events.append(.initial(next))
      }
      snapshot = next
    } catch {
      if case .locked = error, !input.reportsLocks, snapshot != nil {
        isWaitingForCommit = true
        isForcePending = force
        return []
      }
      if snapshot == nil {
        snapshot = .empty
        events.append(.initial(.empty))
      }
      if error != lastError { events.append(.failed(error)) }
      lastError = error
      switch error {
      case .databaseUnavailable, .corrupt:
        // Opened again next time: the file may be replaced or repaired meanwhile. A
        // connection to a replaced file whose log could not be released stays open, to
        // release it on a later check.
        if connection?.isCurrent ?? true {
          close()
          version = nil
        }
      default:
        break
      }
    }
    return events
  }

  /// Rows to a snapshot: decoded, grouped by the section column, ids checked.
  static func snapshot(of rows: [FetchedRow], _ request: FetchRequest<Element>) throws(FetchedResultsError)
    -> FetchedResultsSnapshot<Element>
  {
    var sections: [FetchedResultsSnapshot<Element>.Section] = []
    var seenSections: Set<String> = []
    var seenIDs: Set<Element.ID> = []
    for row in rows {
      let element: Element
      do {
        element = try request.decode(row)
      } catch let error as FetchedResultsError {
        throw error
      } catch {
        throw .decoding("\(error)")
      }
      guard seenIDs.insert(element.id).inserted else { throw .duplicateID("\(element.id)") }
      let name = try request.sectionColumn.map { column throws(FetchedResultsError) -> String in
        guard let value = row[column] else {
          throw .decoding("the query selects no section column '\(column)'")
        }
        return Self.name(of: value)
      }
      if let last = sections.last, last.name == name {
        sections[sections.count - 1].elements.append(element)
        continue
      }
      if let name, !seenSections.insert(name).inserted {
        throw .sectionColumnNotLeadingSort(request.sectionColumn ?? "")
      }
      sections.append(.init(name: name, elements: [element]))
    }
    return FetchedResultsSnapshot(sections: sections)
  }

  static func name(of value: FetchValue) -> String {
    switch value {
    case .null: ""
    case .integer(let number): String(number)
    case .real(let number): String(number)
    case .text(let text): text
    case .blob(let bytes): bytes.map { String(format: "%02x", $0) }.joined()
    }
  }
}
