// swift-format-ignore-file
// Emitted by `braid-demo replay counter.trace --emit-test`.
// Regenerate it rather than edit it.

import Braid
import BraidTesting
import CounterFeature
import Foundation
import Testing

@MainActor
@Test func exploredCounterCounterexample() async throws {
  try await exploredCounterCounterexample(CounterExplorationTests.TimerNotCancelledOnStop())
}

/// The recorded session, step by step, against `reducer`.
@MainActor
func exploredCounterCounterexample(_ reducer: some Reducer<CounterFeature.Counter.State, CounterFeature.Counter.Action>) async throws {
  let initialState = try JSONDecoder().decode(CounterFeature.Counter.State.self, from: Data(#"{"count":0,"isFactoring":false,"isTimerRunning":false}"#.utf8))
  let store = TestStore(
    initialState: initialState,
    effects: .described
  ) {
    reducer
  }
  await store.send(.timerButtonTapped) {
    $0.isTimerRunning = true
  }
  let effect1 = store.effectStarted(.run, ids: ["timer"])
  await store.send(.timerButtonTapped) {
    $0.isTimerRunning = false
  }
  await store.dismount()
  store.effectCancelled(effect1)
  await store.finish()
}
