import BraidTestSupport
import Foundation
import Testing

@testable import Braid

/// Cancellation ids as values: small trivial ids are stored inline and compared by their type's
/// own equality, and a `.run` made cancellable keeps value semantics when it holds its id.
@MainActor
@Suite(.checksStoreLeaks)
struct CancellationIDTests {
  /// A trivial id whose equality ignores its second field, as a custom `==` may.
  struct Tagged: Hashable, Sendable {
    var id: UInt32
    var tag: UInt16

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.id == rhs.id }
    func hash(into hasher: inout Hasher) { hasher.combine(id) }
  }

  enum Phase: Hashable, Sendable { case search, load }

  func isInline(_ id: AnyHashableSendable) -> Bool {
    if case .inline = id.storage { true } else { false }
  }

  @Test func inlineIdsOfTheSameBytesButDifferentTypesAreDistinct() {
    #expect(AnyHashableSendable(1 as Int) != AnyHashableSendable(1 as UInt))
    #expect(AnyHashableSendable(1 as Int) == AnyHashableSendable(1 as Int))
    #expect(AnyHashableSendable(Phase.search) == AnyHashableSendable(Phase.search))
    #expect(AnyHashableSendable(Phase.search) != AnyHashableSendable(Phase.load))
    #expect(AnyHashableSendable(0 as UInt8) != AnyHashableSendable(false))
  }

  @Test func inlineIdsCompareByTheTypesEqualityNotTheirBytes() {
    #expect(AnyHashableSendable(Tagged(id: 7, tag: 1)) == AnyHashableSendable(Tagged(id: 7, tag: 2)))
    #expect(AnyHashableSendable(Tagged(id: 7, tag: 1)) != AnyHashableSendable(Tagged(id: 8, tag: 1)))
    #expect(AnyHashableSendable(0.0) == AnyHashableSendable(-0.0))
    var set: Set<AnyHashableSendable> = [AnyHashableSendable(Tagged(id: 7, tag: 1))]
    set.insert(AnyHashableSendable(Tagged(id: 7, tag: 2)))
    #expect(set.count == 1)
  }

  @Test func largeAndNonTrivialIdsAreBoxedAndStillCompareByValue() {
    let uuid = UUID()
    #expect(AnyHashableSendable(uuid) == AnyHashableSendable(uuid))
    #expect(AnyHashableSendable(uuid) != AnyHashableSendable(UUID()))
    #expect(AnyHashableSendable("search") == AnyHashableSendable("search"))
    #expect(AnyHashableSendable("search") != AnyHashableSendable("load"))
    #expect(AnyHashableSendable("1") != AnyHashableSendable(1))
    #expect(!isInline(AnyHashableSendable("search")))
    #expect(!isInline(AnyHashableSendable(uuid)))
    #expect(isInline(AnyHashableSendable(Phase.load)))
  }

  @Test func idsDescribeTheWrappedValue() {
    #expect(AnyHashableSendable(Phase.load).description == "load")
    #expect(AnyHashableSendable(42).description == "42")
    #expect(AnyHashableSendable("search").description == "search")
  }

  @Test func keysHashByTheirIdsAndPathsWhateverTheSeed() {
    func key(_ path: [Int], _ phase: Phase) -> CancellationKey {
      CancellationKey(path: path.map(AnyHashableSendable.init), id: AnyHashableSendable(phase))
    }
    #expect(key([1], .search) == key([1], .search))
    for seed in [0, 7, -1] {
      #expect(key([1], .search)._rawHashValue(seed: seed) == key([1], .search)._rawHashValue(seed: seed))
    }
    #expect(key([1, 2], .load) != key([2, 1], .load))
    var index: [CancellationKey: Int] = [:]
    for row in 0..<1_000 {
      index[key([row], .search)] = row
      index[key([row], .load)] = -row
    }
    #expect(index.count == 2_000)
    #expect((0..<1_000).allSatisfy { index[key([$0], .load)] == -$0 && index[key([$0], .search)] == $0 })
    // Spread over the low bits a table uses: 2,000 keys fill ~1,580 of 4,096 slots when hashes
    // are uniform, and 2 when the path is ignored.
    let slots = Set(index.keys.map { $0._rawHashValue(seed: 0) & 4_095 })
    #expect(slots.count > 1_400)
  }

  /// One stored `.run` value returned twice, once made cancellable: cancelling the id stops only
  /// the copy that was made cancellable.
  @Test func makingASharedRunCancellableLeavesTheOtherCopyAlone() async {
    let gate = Gate()
    let shared: Effect<Int> = .run { send in
      await gate.wait()
      await send(1)
    }
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        switch action {
        case 0: return shared.cancellable(id: Phase.search)
        case -1: return .cancel(id: Phase.search)
        case -2: return shared
        default:
          state.append(action)
          return .none
        }
      }
    }
    // The cancellable copy first: had it written its id into the shared box, the plain copy
    // started next would register under the id too.
    let cancellable = store.send(0)
    let plain = store.send(-2)
    #expect(store.activeCancellationIDCount == 1)
    #expect(store.runningEffectCount == 2)
    store.send(-1)
    #expect(store.runningEffectCount == 1)
    gate.open()
    await plain.finish()
    await cancellable.finish()
    // The cancelled copy's send is a no-op: only the plain copy delivered.
    #expect(store.state == [1])
  }

  /// A run made cancellable under two ids is cancelled by either.
  @Test func aRunCancellableUnderTwoIdsStopsForEither() async {
    let store = Store(initialState: 0) {
      Reduce<Int, String> { _, action in
        switch action {
        case "start":
          .run { _ in try await suspendUntilCancelled() }.cancellable(id: Phase.search).cancellable(id: "outer")
        case "cancel inner": .cancel(id: Phase.search)
        default: .cancel(id: "outer")
        }
      }
    }
    let first = store.send("start")
    #expect(store.activeCancellationIDCount == 2)
    store.send("cancel inner")
    await first.finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.activeCancellationIDCount == 0)
    let second = store.send("start")
    store.send("cancel outer")
    await second.finish()
    #expect(store.runningEffectCount == 0)
  }

  /// A cancellable run mapped into a parent's action type keeps its id.
  @Test func aMappedCancellableRunKeepsItsId() async {
    let store = Store(initialState: 0) {
      Reduce<Int, String> { _, action in
        switch action {
        case "start":
          Effect<Int>.run { _ in try await suspendUntilCancelled() }
            .cancellable(id: Phase.load, cancelInFlight: true)
            .map { "child \($0)" }
        default: .cancel(id: Phase.load)
        }
      }
    }
    let first = store.send("start")
    let second = store.send("start")
    await first.finish()
    #expect(store.runningEffectCount == 1)
    store.send("cancel")
    await second.finish()
    #expect(store.runningEffectCount == 0)
  }
}
