import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// How one store's events reach its inspectors: numbered in order, delivered one at a time, to
/// every inspector attached when the event is delivered.
///
/// A thread that emits while no one delivers becomes the deliverer: it takes the delivery turn,
/// numbers and delivers its event, then every event emitted from inside those deliveries, in
/// order, and gives the turn back. An event emitted by the deliverer itself (an inspector that
/// sent to its store from `receive`) is queued and delivered right after the current one, never
/// inside it and never dropped. Another thread waits for the turn, so the store's own events are
/// still delivered on the store's isolation. The inspector list has a lock of its own, so
/// attaching or removing an inspector never waits for a delivery, even from inside one.
@usableFromInline
final class InspectionDelivery<State, Action: Sendable>: @unchecked Sendable {
  // @unchecked: `last`, `pending` and `delivered` are touched only by the thread holding `turn`
  // (checked through `deliveringThread`); `registrations` behind its own lock; the rest atomic.
  /// An attached inspector and the number its token removes it by (numbers only grow, and the
  /// list is in their order).
  @usableFromInline struct Registration: Sendable {
    @usableFromInline let id: Int
    @usableFromInline let inspector: StoreInspector<State, Action>
  }

  /// Held by the deliverer for the whole of its deliveries.
  @usableFromInline let turn = Mutex<Void>(())
  /// Loaded (acquiring) when the turn is taken and bumped (releasing) when it is given back, so
  /// that ThreadSanitizer sees the hand-off a contended `Mutex` makes inside the kernel.
  @usableFromInline let handoff = Atomic<UInt>(0)
  /// The thread holding `turn`, or 0.
  @usableFromInline let deliveringThread = Atomic<UInt>(0)
  /// The last sequence number given.
  @exclusivity(unchecked) @usableFromInline var last: UInt64 = 0
  /// Deliveries of the events the deliverer emitted from inside a delivery, oldest first. Of a
  /// concrete type, so that checking it costs an unspecialized caller (a `TestStore`'s) no
  /// lookup of generic metadata.
  @exclusivity(unchecked) @usableFromInline var pending: [() -> Void] = []
  /// The inspectors as the deliverer last read them, and the `version` it read.
  @exclusivity(unchecked) @usableFromInline var delivered: (version: Int, list: [Registration]) = (0, [])

  /// The attached inspectors, and the last id given.
  @usableFromInline let registrations = Mutex<(list: [Registration], lastID: Int)>(([], 0))
  /// Bumped by every attach and removal, so that the deliverer rereads the list only then.
  @usableFromInline let version = Atomic<Int>(0)
  /// Whether any attached inspector wants the state from before each action.
  @usableFromInline let wantsStateBefore = Atomic<Bool>(false)

  @usableFromInline init() {}

  /// Whether state events should carry the state from before the action.
  @usableFromInline
  var needsStateBefore: Bool { wantsStateBefore.load(ordering: .relaxed) }

  /// Attaches `inspector`; it hears every event delivered from now until `remove` is called with
  /// the returned id.
  func add(_ inspector: StoreInspector<State, Action>) -> Int {
    registrations.withLock { registrations in
      registrations.lastID += 1
      registrations.list.append(Registration(id: registrations.lastID, inspector: inspector))
      refresh(registrations.list)
      return registrations.lastID
    }
  }

  /// Detaches the inspector `add` numbered `id`: no delivery starts for it once this returns.
  func remove(_ id: Int) {
    registrations.withLock { registrations in
      registrations.list.removeAll { $0.id == id }
      refresh(registrations.list)
    }
  }

  func refresh(_ list: [Registration]) {
    wantsStateBefore.store(list.contains { $0.inspector.needsStateBefore }, ordering: .relaxed)
    version.add(1, ordering: .releasing)
  }

  /// Numbers an event of `kind` about `path` and delivers it, and returns its number.
  ///
  /// Inlinable, as the inspected send loop is, so that both are specialized for the store's
  /// types: unspecialized, looking up the event types' metadata was most of an event's cost.
  @inlinable
  @discardableResult
  func emit(_ kind: StoreEvent<State, Action>.Kind, path: [AnyHashableSendable]) -> UInt64 {
    let thread = Self.currentThread
    if deliveringThread.load(ordering: .acquiring) == thread {
      // This thread holds the turn: it delivers the event once the current delivery returns.
      last += 1
      let sequence = last
      pending.append { [unowned self] in deliver(sequence, path: path, kind) }
      return sequence
    }
    return turn.withLock { _ in
      _ = handoff.load(ordering: .acquiring)
      deliveringThread.store(thread, ordering: .releasing)
      defer {
        deliveringThread.store(0, ordering: .releasing)
        handoff.add(1, ordering: .releasing)
      }
      last += 1
      let sequence = last
      deliver(sequence, path: path, kind)
      var index = 0
      while index < pending.count {
        pending[index]()
        index += 1
      }
      if index > 0 { pending.removeAll(keepingCapacity: true) }
      return sequence
    }
  }

  @inlinable
  func deliver(_ sequence: UInt64, path: [AnyHashableSendable], _ kind: StoreEvent<State, Action>.Kind) {
    let path = FeaturePath(path)
    refreshIfChanged()
    var index = 0
    while index < delivered.list.count {
      // Through the buffer, so that calling an inspector retains nothing: `delivered` changes
      // only below, after the call.
      let id = delivered.list.withUnsafeBufferPointer { list in
        list[index].inspector.receive(
          StoreEvent(sequence: sequence, time: list[index].inspector.elapsed(), path: path, kind: kind))
        return list[index].id
      }
      index += 1
      // Reread after each inspector: one that an earlier one removed hears nothing more.
      if refreshIfChanged() {
        index = delivered.list.firstIndex { $0.id > id } ?? delivered.list.count
      }
    }
  }

  /// Rereads the inspector list if it changed since the last read, and says whether it did.
  @inlinable
  @discardableResult
  func refreshIfChanged() -> Bool {
    let current = version.load(ordering: .acquiring)
    guard current != delivered.version else { return false }
    delivered = (current, registrations.withLock { $0.list })
    return true
  }

  @usableFromInline
  static var currentThread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }
}
