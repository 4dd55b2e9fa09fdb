import Braid
import BraidTestSupport
import BraidTesting
import Testing

/// A described test store checks, at every step, that the events the step before it made were
/// asserted: a start, cancellation or command is asserted right after the step that caused it.
/// So a test whose feature now cancels an effect a step earlier or later fails, at that step.
@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreDescribedStepsTests {
  typealias Search = TestStoreDescribedEffectsTests.Search

  /// The explorer's counterexample for a timer left running: the recorded test asserted the
  /// cancellation after the dismount. A feature that cancels at the step before fails there.
  @Test func aCancellationMadeByTheStepBeforeADismountFailsTheDismount() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    let search = store.effectStarted(.run, ids: ["search"])
    await store.send(.clear) { $0.query = "" }
    let messages = await recordedFailures {
      await store.dismount()
    }
    #expect(
      messages == [
        """
        Must assert 1 described effect event before dismounting: …

        Unasserted, made by send(.clear):
          cancelled effect #1 (run under search, started by .queryChanged("b"))

        Assert each with `store.effectStarted(…)`, `store.effectCancelled(…)` or \
        `store.effectCommanded(…)`, in this order, right after the step that made it.
        """
      ])
    // Reported once: the assertion the recording made after the dismount now finds nothing.
    let late = await recordedFailures { store.effectCancelled(search) }
    #expect(late.count == 1)
    await store.finish()
  }

  @Test func anAnswerAndACompletionCheckTheStepBefore() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.queryChanged("b")) { $0.query = "b" }
    store.effectStarted(.run, ids: ["search"])
    await store.send(.queryChanged("bl")) { $0.query = "bl" }
    let second = store.describedEffectsInFlight[0]
    let answering = await recordedFailures {
      await store.answer(second, with: .results(["Blob"]))
    }
    #expect(answering.count == 1)
    #expect(answering.first?.contains("Must assert 2 described effect events before answering effect #2") == true)
    #expect(answering.first?.contains("made by send(.queryChanged(\"bl\"))") == true)
    #expect(answering.first?.contains("cancelled effect #1") == true)
    #expect(answering.first?.contains("started effect #2") == true)
    await store.receive(.results(["Blob"])) { $0.results = ["Blob"] }

    await store.send(.watch)
    let watch = store.effectStarted(.subscribe)
    await store.send(.clear) { $0.query = "" }
    let completing = await recordedFailures {
      await store.complete(watch)
    }
    #expect(completing.count == 1)
    #expect(completing.first?.contains("before completing effect #3") == true)
    #expect(completing.first?.contains("made by send(.clear)") == true)
    #expect(completing.first?.contains("cancelled effect #2") == true)
    await store.finish()
  }

  /// What a received action's own reduction starts is asserted after its `receive`: only the
  /// events from before it was reduced must be asserted first.
  @Test func aReceivedActionsOwnEffectsAreAssertedAfterIt() async {
    let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
    await store.send(.watch)
    let watch = store.effectStarted(.subscribe)
    let messages = await recordedFailures {
      await store.answer(watch, with: .queryChanged("b"))
      await store.receive(.queryChanged("b")) { $0.query = "b" }
      let search = store.effectStarted(.run, ids: ["search"])
      await store.send(.clear) { $0.query = "" }
      store.effectCancelled(search)
      await store.complete(watch)
      await store.finish()
    }
    #expect(messages == [])
  }
}
