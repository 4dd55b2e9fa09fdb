import Braid
import BraidSharedStorage
import CounterCLI
import CounterFeature
import Testing

/// The interactive counter's file follows the store, and the store follows the file's changes
/// from elsewhere, never its own older counts.
@MainActor
struct CounterStateFileTests {
  @Test func quickTapsAreNeverUndoneByTheirOwnEchoes() async throws {
    try await withDependencies {
      $0.defaultFileStorage = .inMemory()
    } operation: {
      let file = CounterStateFile(path: "/counter.json")
      let store = Store(initialState: Counter.State(count: file.count)) { Counter() }
      file.keep(store)
      // The follower is now waiting for the first change; three taps arrive before it runs.
      for _ in 0..<10 { await Task.yield() }
      for _ in 0..<3 { store.send(.incrementButtonTapped) }
      for _ in 0..<10 { await Task.yield() }
      #expect(store.state.count == 3)
      try await file.stop()
      let again = CounterStateFile(path: "/counter.json")
      #expect(again.count == 3)
    }
  }
}
