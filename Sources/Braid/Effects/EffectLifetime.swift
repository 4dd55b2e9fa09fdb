import Synchronization

/// Whether an `Effect.run` operation has returned, so that its `Send`, escaped into an
/// unstructured task or a callback, can report a send made after the effect completed (TCA
/// warns about it too: such an action would arrive outside any effect the store tracks).
@usableFromInline
final class EffectLifetime: Sendable {
  private let ended = Atomic(false)
  let fileID: StaticString
  let line: UInt

  init(fileID: StaticString, line: UInt) {
    self.fileID = fileID
    self.line = line
  }

  func end() { ended.store(true, ordering: .releasing) }

  var hasEnded: Bool { ended.load(ordering: .acquiring) }
}
