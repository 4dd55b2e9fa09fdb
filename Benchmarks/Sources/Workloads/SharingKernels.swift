import Braid
import Synchronization

/// The shared-state workloads: reading a `@Shared` value and mutating it with `withLock`, each
/// against its floor, a `Mutex`-guarded value in a final class.
@MainActor
public let sharingKernels: [String: @MainActor (Int) -> Void] = [
  "shared-read": sharedReads,
  "shared-read.floor": mutexReads,
  "shared-write": sharedWrites,
  "shared-write.floor": mutexWrites,
]

/// The floor: what a shared value is at bottom, a value behind a lock in a class.
public final class LockedBox: Sendable {
  public let value: Mutex<Int>

  public init(_ value: Int) {
    self.value = Mutex(value)
  }
}

/// A shared value the optimizer cannot see the making of, so it cannot fold the loops.
@inline(never)
public func makeShared(_ value: Int) -> Shared<Int> {
  Shared(value: value)
}

/// The floor's box, made out of the optimizer's sight.
@inline(never)
public func makeBox(_ value: Int) -> LockedBox {
  LockedBox(value)
}

/// `n` reads of an in-memory `@Shared` value.
@MainActor
public func sharedReads(_ n: Int) {
  let shared = makeShared(3)
  var sum = 0
  for _ in 0..<n { sum &+= shared.wrappedValue }
  precondition(sum == 3 * n)
}

/// `n` reads of the floor's value.
@MainActor
public func mutexReads(_ n: Int) {
  let box = makeBox(3)
  var sum = 0
  for _ in 0..<n { sum &+= box.value.withLock { $0 } }
  precondition(sum == 3 * n)
}

/// `n` increments of an in-memory `@Shared` value with `withLock`.
@MainActor
public func sharedWrites(_ n: Int) {
  let shared = makeShared(0)
  for _ in 0..<n { shared.withLock { $0 += 1 } }
  precondition(shared.wrappedValue == n)
}

/// `n` increments of the floor's value.
@MainActor
public func mutexWrites(_ n: Int) {
  let box = makeBox(0)
  for _ in 0..<n { box.value.withLock { $0 += 1 } }
  precondition(box.value.withLock { $0 } == n)
}
