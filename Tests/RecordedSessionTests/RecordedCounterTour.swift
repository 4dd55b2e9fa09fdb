// swift-format-ignore-file
// Emitted by `braid-demo replay counter.trace --emit-test`.
// Regenerate it rather than edit it.

import Braid
import BraidTesting
import CounterFeature
import Foundation
import Testing

@MainActor
@Test func recordedCounterTour() async throws {
  try await recordedCounterTour(Counter())
}

/// The recorded session, step by step, against `reducer`.
@MainActor
func recordedCounterTour(_ reducer: some Reducer<CounterFeature.Counter.State, CounterFeature.Counter.Action>) async throws {
  let initialState = try JSONDecoder().decode(CounterFeature.Counter.State.self, from: Data(#"{"count":0,"isFactoring":false,"isTimerRunning":false}"#.utf8))
  let store = TestStore(
    initialState: initialState,
    effects: .described
  ) {
    reducer
  }
  await store.send(.incrementButtonTapped) {
    $0.count = 1
  }
  await store.send(.incrementButtonTapped) {
    $0.count = 2
  }
  await store.send(.incrementButtonTapped) {
    $0.count = 3
  }
  await store.send(.factorButtonTapped) {
    $0.isFactoring = true
  }
  let effect1 = store.effectStarted(.run, ids: ["factoring"])
  await store.answer(effect1, with: .factorsComputed([3]))
  await store.receive(.factorsComputed([3])) {
    $0.factors = [3]
    $0.isFactoring = false
  }
  await store.complete(effect1)
  await store.send(.timerButtonTapped) {
    $0.isTimerRunning = true
  }
  let effect2 = store.effectStarted(.run, ids: ["timer"])
  await store.answer(effect2, with: .timerTicked)
  await store.receive(.timerTicked) {
    $0.count = 4
    $0.factors = nil
  }
  await store.answer(effect2, with: .timerTicked)
  await store.receive(.timerTicked) {
    $0.count = 5
  }
  await store.answer(effect2, with: .timerTicked)
  await store.receive(.timerTicked) {
    $0.count = 6
  }
  await store.send(.timerButtonTapped) {
    $0.isTimerRunning = false
  }
  store.effectCancelled(effect2)
  await store.send(.factorButtonTapped) {
    $0.isFactoring = true
  }
  let effect3 = store.effectStarted(.run, ids: ["factoring"])
  await store.answer(effect3, with: .factorsComputed([2, 3]))
  await store.receive(.factorsComputed([2, 3])) {
    $0.factors = [2, 3]
    $0.isFactoring = false
  }
  await store.complete(effect3)
  await store.finish()
}
