import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct CancellationTests {
  enum CancelID: Hashable, Sendable { case work }

  struct Feature: Reducer {
    struct State: Equatable {
      var received: [Int] = []
    }
    enum Action: Equatable, Sendable {
      case startAndCancel
      case start(Int, cancelInFlight: Bool)
      case finished(Int)
      case cancel
      case startThenCancelLater
    }
    let gate: Gate

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .startAndCancel:
        return .merge(work(0, cancelInFlight: false), .cancel(id: CancelID.work))
      case .start(let n, let cancelInFlight):
        return work(n, cancelInFlight: cancelInFlight)
      case .finished(let n):
        state.received.append(n)
        return .none
      case .cancel:
        return .cancel(id: CancelID.work)
      case .startThenCancelLater:
        return .merge(work(7, cancelInFlight: false), .send(.cancel))
      }
    }

    func work(_ n: Int, cancelInFlight: Bool) -> Effect<Action> {
      .run { [gate] send in
        await gate.wait()
        await send(.finished(n))
      }
      .cancellable(id: CancelID.work, cancelInFlight: cancelInFlight)
    }
  }

  @Test func cancelInTheSamePassStopsTheEffect() async {
    let gate = Gate()
    let store = Store(initialState: Feature.State()) { Feature(gate: gate) }
    let task = store.send(.startAndCancel)
    #expect(store.runningEffectCount == 0)
    gate.open()
    await task.finish()
    #expect(store.state.received == [])
  }

  @Test func cancelFromAQueuedActionInTheSameSend() async {
    let gate = Gate()
    let store = Store(initialState: Feature.State()) { Feature(gate: gate) }
    let task = store.send(.startThenCancelLater)
    #expect(store.runningEffectCount == 0)
    gate.open()
    await task.finish()
    #expect(store.state.received == [])
  }

  @Test func cancelInALaterSend() async {
    let gate = Gate()
    let store = Store(initialState: Feature.State()) { Feature(gate: gate) }
    let task = store.send(.start(1, cancelInFlight: false))
    #expect(store.runningEffectCount == 1)
    #expect(store.activeCancellationIDCount == 1)
    store.send(.cancel)
    #expect(store.runningEffectCount == 0)
    #expect(store.activeCancellationIDCount == 0)
    gate.open()
    await task.finish()
    #expect(store.state.received == [])
  }

  @Test func cancelInFlightKeepsOnlyTheNewest() async {
    let gate = Gate()
    let store = Store(initialState: Feature.State()) { Feature(gate: gate) }
    let tasks = (1...3).map { store.send(.start($0, cancelInFlight: true)) }
    #expect(store.runningEffectCount == 1)
    gate.open()
    for task in tasks { await task.finish() }
    #expect(store.state.received == [3])
    #expect(store.runningEffectCount == 0)
  }

  @Test func withoutCancelInFlightAllRun() async {
    let gate = Gate()
    let store = Store(initialState: Feature.State()) { Feature(gate: gate) }
    let tasks = (1...3).map { store.send(.start($0, cancelInFlight: false)) }
    #expect(store.runningEffectCount == 3)
    gate.open()
    for task in tasks { await task.finish() }
    #expect(store.state.received.sorted() == [1, 2, 3])
    #expect(store.runningEffectCount == 0)
    #expect(store.activeCancellationIDCount == 0)
  }

  @Test func separateStoresNeverCancelEachOther() async {
    let gate = Gate()
    let first = Store(initialState: Feature.State()) { Feature(gate: gate) }
    let second = Store(initialState: Feature.State()) { Feature(gate: gate) }
    let task = first.send(.start(1, cancelInFlight: false))
    second.send(.cancel)
    second.send(.start(2, cancelInFlight: true))
    #expect(first.runningEffectCount == 1)
    gate.open()
    await task.finish()
    #expect(first.state.received == [1])
  }

  @Test func idsOfDifferentTypesWithEqualValuesAreDistinct() async {
    let gate = Gate()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        switch action {
        case 0:
          return .run { send in
            await gate.wait()
            await send(1)
          }
          .cancellable(id: 1 as Int)
        case -1:
          return .cancel(id: 1 as UInt8)
        default:
          state.append(action)
          return .none
        }
      }
    }
    let task = store.send(0)
    store.send(-1)
    #expect(store.runningEffectCount == 1)
    gate.open()
    await task.finish()
    #expect(store.state == [1])
  }

  @Test func releasingTheStoreCancelsItsEffects() async {
    let started = Gate()
    let cancelled = Gate()
    var store: Store<Int, Int>? = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in
        .run { _ in
          started.open()
          try await withTaskCancellationHandler {
            try await suspendUntilCancelled()
          } onCancel: {
            cancelled.open()
          }
        }
      }
    }
    let task = store?.send(1)
    await started.wait()
    #expect(!cancelled.isOpen)
    store = nil
    await cancelled.wait()
    await task?.finish()
    #expect(cancelled.isOpen)
  }

  @Test func storeTaskCancelCancelsTheEffects() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in
        .run { _ in try await suspendUntilCancelled() }
      }
    }
    let task = store.send(1)
    #expect(store.runningEffectCount == 1)
    task.cancel()
    await task.finish()
    #expect(task.isCancelled)
    #expect(store.runningEffectCount == 0)
  }

  /// Effects under three ids, cancelled from the middle of the start order, then the last, then
  /// the first: each cancellation stops only its own effect.
  @Test func cancellingOneIdLeavesTheOthersRunning() async {
    let store = Store(initialState: 0) {
      Reduce<Int, String> { _, id in
        if id.hasPrefix("cancel ") { return .cancel(id: String(id.dropFirst(7))) }
        return .run { _ in try await suspendUntilCancelled() }.cancellable(id: id)
      }
    }
    let tasks = ["a", "b", "c"].map { store.send($0) }
    #expect(store.runningEffectCount == 3)
    #expect(store.activeCancellationIDCount == 3)
    store.send("cancel b")
    await tasks[1].finish()
    #expect(store.runningEffectCount == 2)
    #expect(store.activeCancellationIDCount == 2)
    store.send("cancel c")
    await tasks[2].finish()
    #expect(store.runningEffectCount == 1)
    store.send("cancel a")
    await tasks[0].finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.activeCancellationIDCount == 0)
  }

  /// Three effects under one id; the one that ends by itself leaves the id to the other two, and
  /// cancelling the id stops both.
  @Test func anEffectThatEndsLeavesItsIdToTheOthers() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, action in
        switch action {
        case 0: .run { _ in try await suspendUntilCancelled() }.cancellable(id: CancelID.work)
        case 1: .run { _ in }.cancellable(id: CancelID.work)
        default: .cancel(id: CancelID.work)
        }
      }
    }
    let first = store.send(0)
    let quick = store.send(1)
    let second = store.send(0)
    await quick.finish()
    #expect(store.runningEffectCount == 2)
    #expect(store.activeCancellationIDCount == 1)
    store.send(2)
    await first.finish()
    await second.finish()
    #expect(store.runningEffectCount == 0)
    #expect(store.activeCancellationIDCount == 0)
  }

  /// Cancelling one send's task stops that send's effects only.
  @Test func aStoreTaskCancelsOnlyItsOwnEffects() async {
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { _, _ in .run { _ in try await suspendUntilCancelled() } }
    }
    let first = store.send(1)
    let second = store.send(2)
    #expect(store.runningEffectCount == 2)
    first.cancel()
    await first.finish()
    #expect(first.isCancelled)
    #expect(!second.isCancelled)
    #expect(store.runningEffectCount == 1)
    second.cancel()
    await second.finish()
    #expect(store.runningEffectCount == 0)
  }
}
