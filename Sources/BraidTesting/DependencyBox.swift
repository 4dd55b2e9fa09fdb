import Braid

/// The dependency values of a ``TestStore``, shared with its reducer so that changes made
/// mid-test apply to later actions. Locked: the test sets them from its own executor, the
/// reducer reads them on the feature's actor.
final class DependencyBox: Sendable {
  private let storage: SanitizerVisibleMutex<DependencyValues>
  init(_ values: DependencyValues) { storage = SanitizerVisibleMutex(values) }

  var values: DependencyValues {
    get { storage.withLock { $0 } }
    set { storage.withLock { $0 = newValue } }
  }
}
