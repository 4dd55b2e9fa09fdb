import Braid
import BraidTestSupport
import Dispatch
import Foundation
import Synchronization
import Testing

struct SharedTests {
  struct Profile: Equatable, Sendable {
    var name: String
    var visits = 0
  }

  struct State: Equatable {
    @Shared var count: Int
  }

  @Test func copiesOfAStateShareOneValue() {
    let first = State(count: Shared(value: 0))
    let second = first
    first.$count.withLock { $0 += 1 }
    #expect(second.count == 1)
    #expect(first == second)
  }

  @Test func aPartIsSharedWithItsWhole() {
    let profile = Shared(value: Profile(name: "Blob"))
    let name = profile.name
    name.withLock { $0 = "Blob Jr." }
    #expect(profile.wrappedValue.name == "Blob Jr.")
    profile.withLock { $0.name = "Blob Sr." }
    #expect(name.wrappedValue == "Blob Sr.")
    let visits = profile.visits
    #expect(
      visits.withLock {
        $0 += 2
        return $0
      } == 2)
    #expect(profile.wrappedValue == Profile(name: "Blob Sr.", visits: 2))
  }

  @Test func inMemoryKeysShareWithinTheirDependencies() {
    withDependencies {
      $0.date = .constant(.distantPast)
    } operation: {
      @Shared(.inMemory("count")) var count = 1
      // The second holder's default is not used: the value exists.
      @Shared(.inMemory("count")) var again = 99
      $count.withLock { $0 += 1 }
      #expect(again == 2)
      @Shared(.inMemory("other")) var other = 7
      #expect(other == 7)
    }
    // Another test's dependencies: fresh values.
    withDependencies {
      $0.date = .constant(.distantPast)
    } operation: {
      @Shared(.inMemory("count")) var count = 5
      #expect(count == 5)
    }
  }

  @Test func aReaderReadsAndFollowsWhatItWasMadeFrom() {
    let profile = Shared(value: Profile(name: "Blob"))
    let reader = SharedReader(profile)
    let name = reader.name
    profile.withLock { $0.name = "Blob Jr." }
    #expect(reader.wrappedValue.name == "Blob Jr.")
    #expect(name.wrappedValue == "Blob Jr.")
    #expect(SharedReader(value: 3).wrappedValue == 3)
  }

  @Test func changesAnnounceEachMutationFromAnyHolder() async {
    let count = Shared(value: 0)
    let part = Shared(value: Profile(name: "A")).name
    var changes = count.changes.makeAsyncIterator()
    var names = part.changes.makeAsyncIterator()
    let holder = count
    holder.withLock { $0 = 1 }
    #expect(await changes.next() == 1)
    count.withLock { $0 += 1 }
    #expect(await changes.next() == 2)
    part.withLock { $0 = "B" }
    #expect(await names.next() == "B")
  }

  @Test func aKeyLoadsSavesAndTakesOutsideChanges() async {
    let key = RecordingKey()
    await withDependencies {
      $0.date = .constant(.distantPast)
    } operation: {
      @Shared(key) var value = 0
      #expect(value == 10, "the stored value wins over the default")
      $value.withLock { $0 += 1 }
      $value.withLock { $0 += 1 }
      #expect(key.saved.withLock { $0 } == [11, 12])
      var changes = $value.changes.makeAsyncIterator()
      key.sendFromOutside(40)
      #expect(await changes.next() == 40)
      #expect(value == 40)
      // An outside change is not saved back.
      #expect(key.saved.withLock { $0 } == [11, 12])
    }
  }

  @Test func aSaveOfAnOlderValueNeverLandsAfterANewerOne() async {
    // Thread A sets 1, and its save waits (at most a second) for the save of 2; thread B sets
    // 2 while A's save waits. Were deliveries not taken in turn, B would save 2 and A then 1,
    // leaving the older value last. In turn, B's delivery waits for A's and reads 2 then.
    let key = OrderProbeKey()
    let shared = withDependencies {
      $0.date = .constant(.distantPast)
    } operation: {
      Shared(wrappedValue: 0, key)
    }
    let b = Thread { [shared] in
      key.aIsSaving.wait()
      shared.withLock { $0 = 2 }
    }
    b.start()
    await onOwnThread { [shared] in shared.withLock { $0 = 1 } }
    #expect(await eventually { key.saved.withLock { $0.count } == 2 })
    #expect(key.saved.withLock { $0 } == [1, 2])
    #expect(shared.wrappedValue == 2)
  }
}

/// A key whose save of 1 waits, at most a second, for the save of 2: a thread in the middle of
/// delivering an older value.
final class OrderProbeKey: SharedKey, Sendable {
  let saved = Mutex<[Int]>([])
  /// Signalled when the save of 1 starts.
  let aIsSaving = DispatchSemaphore(value: 0)
  private let twoIsSaved = DispatchSemaphore(value: 0)

  var id: String { "order-probe" }
  func load() -> Int? { nil }
  func save(_ value: Int) {
    if value == 1 {
      aIsSaving.signal()
      _ = twoIsSaved.wait(timeout: .now() + .seconds(1))
    }
    saved.withLock { $0.append(value) }
    if value == 2 { twoIsSaved.signal() }
  }
}

/// A key that stores 10, records its saves, and lets a test play an outside change.
final class RecordingKey: SharedKey, Sendable {
  let saved = Mutex<[Int]>([])
  let receiver = Mutex<(@Sendable (Int) -> Void)?>(nil)

  var id: String { "recording" }
  func load() -> Int? { 10 }
  func save(_ value: Int) { saved.withLock { $0.append(value) } }
  func subscribe(_ receive: @escaping @Sendable (Int) -> Void) -> SharedSubscription {
    receiver.withLock { $0 = receive }
    return SharedSubscription { [weak self] in self?.receiver.withLock { $0 = nil } }
  }

  func sendFromOutside(_ value: Int) {
    receiver.withLock { $0 }?(value)
  }
}
