import Braid
import BraidTestSupport
import BraidTesting
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct HigherOrderReducerTests {
  struct Settings: Equatable {
    var volume = 0
    var name = "a"
  }

  @Test func printChangesReportsTheActionAndALineDiff() {
    let output = Recorder<String>()
    let store = Store(initialState: Settings()) {
      Reduce<Settings, Int> { state, action in
        if action > 0 { state.volume = action }
        return .none
      }
      ._printChanges(to: { output.append($0) })
    }
    store.send(3)
    store.send(0)
    #expect(
      output.values == [
        """
        received action:
          3
          HigherOrderReducerTests.Settings(
        −   volume: 0,
        +   volume: 3,
            name: "a",
          )

        """,
        """
        received action:
          0
          (No state changes)

        """,
      ])
  }

  @Test func onChangeRunsOnlyWhenTheValueChanged() {
    let store = Store(initialState: Settings()) {
      Reduce<Settings, Int> { state, action in
        state.volume = action
        return .none
      }
      .onChange(of: \.volume) { oldValue, newValue in
        Reduce { state, _ in
          state.name += "(\(oldValue)→\(newValue))"
          return .none
        }
      }
    }
    store.send(1)
    store.send(1)
    store.send(2)
    #expect(store.state.name == "a(0→1)(1→2)")
  }

  @Test func signpostTimesReducesAndEffectLifetimes() async {
    let events = Recorder<SignpostEvent>()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += 1
        switch action {
        case 1: return .run { send in await send(2) }
        case 2: return .send(3)
        default: return .none
        }
      }
      .signpost("Counter") { events.append($0) }
    }
    await store.send(1).finish()
    let labels = events.values.map { event -> String in
      switch event {
      case .reduced(let action, let duration): "reduced \(action) \(duration >= .zero)"
      case .effectStarted(let action): "started \(action)"
      case .effectFinished(let action, let duration, let cancelled):
        "finished \(action) \(duration >= .zero) \(cancelled)"
      }
    }
    #expect(
      labels == [
        "reduced [Counter] 1 true",
        "started [Counter] 1",
        "reduced [Counter] 2 true",
        "reduced [Counter] 3 true",
        "finished [Counter] 1 true false",
      ])
    #expect(store.state == 3)
  }

  @Test func signpostReportsACancelledEffectAsCancelled() async {
    let events = Recorder<SignpostEvent>()
    let clock = TestClock()
    let store = Store(initialState: 0) {
      Reduce<Int, Int> { state, action in
        state += 1
        switch action {
        case 1:
          return .run { _ in try await clock.sleep(for: .seconds(1)) }.cancellable(id: "sleep")
        default:
          return .cancel(id: "sleep")
        }
      }
      .signpost { events.append($0) }
    }
    store.send(1)
    store.send(2)
    // The cancelled task ends on its own thread: its end, the fourth event, is awaited.
    #expect(await events.waitForCount(4))
    let ends = events.values.compactMap { event -> String? in
      guard case .effectFinished(let action, _, let cancelled) = event else { return nil }
      return "\(action) cancelled: \(cancelled)"
    }
    #expect(ends == ["1 cancelled: true"])
  }
}
