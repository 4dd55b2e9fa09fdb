import Braid
import Foundation

/// Where one persisted shared value is read and written: a file, or a key of a database table.
///
/// ``CoalescedSaves`` and ``PersistedValue`` work on this, so the file key and the database key
/// share their coalescing, their handling of undecodable content and their change detection.
struct SaveTarget: Sendable {
  /// The value's place, as messages name it: a path, or a key in a database.
  let name: String
  /// The stored content, or `nil` when there is none.
  let load: @Sendable () throws -> Data?
  /// Stores content so that it is never seen torn and is durable on return.
  let save: @Sendable (Data) throws -> Void
  /// Where undecodable content is moved, as messages name it.
  let asideName: String
  /// Moves undecodable content to ``asideName``, before it is overwritten.
  let moveAside: @Sendable () throws -> Void
  /// Calls back whenever the content may have changed, until the subscription is cancelled.
  let watch: @Sendable (_ onChange: @escaping @Sendable () -> Void) -> SharedSubscription
  /// Times the windows between coalesced saves.
  let clock: any Clock<Duration>
}
