import Braid
import BraidTestSupport
import BraidTesting
import Dispatch
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct EffectRunTests {
  struct Feature: Reducer {
    struct State: Equatable {
      var log: [String] = []
    }
    enum Action: Equatable {
      case load
      case loaded(String)
      case fail
      case failed(String)
      case failUnhandled
      case throwCancellation
      case concat
      case lazy
    }
    let calls: Recorder<String>

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .load:
        return .run { send in
          await send(.loaded("one"))
          await send(.loaded("two"))
        }
      case .loaded(let value):
        state.log.append(value)
        return .none
      case .fail:
        return .run { _ in
          throw TestError.boom
        } catch: { error, send in
          await send(.failed("\(error)"))
        }
      case .failed(let message):
        state.log.append("failed: \(message)")
        return .none
      case .failUnhandled:
        return .run { _ in throw TestError.boom }
      case .throwCancellation:
        // Not cancelled itself: an inner task's `checkCancellation()` surfaced here.
        return .run { _ in throw CancellationError() }
      case .concat:
        return .concatenate(
          .run { send in
            await send(.loaded("first"))
          },
          .send(.loaded("second")),
          .run { send in await send(.loaded("third")) }
        )
      case .lazy:
        let calls = self.calls
        calls.append("built")
        return .run { _ in calls.append("ran") }
      }
    }
  }

  enum TestError: Error { case boom }

  @Test func runDeliversActionsInOrder() async {
    let store = Store(initialState: Feature.State()) { Feature(calls: Recorder()) }
    await store.send(.load).finish()
    #expect(store.state.log == ["one", "two"])
  }

  @Test func thrownErrorsGoToTheCatchHandler() async {
    let store = Store(initialState: Feature.State()) { Feature(calls: Recorder()) }
    await store.send(.fail).finish()
    #expect(store.state.log == ["failed: boom"])
  }

  @Test func unhandledErrorsAreReportedWithTheCallSite() async {
    let store = Store(initialState: Feature.State()) { Feature(calls: Recorder()) }
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await store.send(.failUnhandled).finish()
    }
    #expect(issues.count == 1)
    #expect(
      issues.values.first?.message == """
        An effect returned by Effect.run threw an unhandled error: boom. Pass a `catch:` handler to turn errors \
        into actions.
        """
    )
    #expect(issues.values.first?.fileID == "BraidTests/EffectRunTests.swift")
  }

  @Test func aCancellationErrorIsNeverAnUnhandledError() async {
    let store = Store(initialState: Feature.State()) { Feature(calls: Recorder()) }
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      let task = store.send(.throwCancellation)
      await task.finish()
      #expect(!task.isCancelled)
    }
    #expect(issues.values.isEmpty)
  }

  @Test func aSendEscapedPastItsEffectIsReportedAndDropped() async {
    struct Escaping: Reducer {
      struct State: Equatable { var log: [String] = [] }
      enum Action: Equatable, Sendable { case start, late }
      let escaped: Recorder<Send<Action>>

      func reduce(into state: inout State, action: Action) -> Effect<Action> {
        state.log.append("\(action)")
        return action == .start ? .run { [escaped] send in escaped.append(send) } : .none
      }
    }
    let escaped = Recorder<Send<Escaping.Action>>()
    let store = Store(initialState: Escaping.State()) { Escaping(escaped: escaped) }
    await store.send(.start).finish()
    let issues = Recorder<IssueReporting.Issue>()
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await escaped.values.first?(.late)
    }
    #expect(store.state.log == ["start"])
    #expect(
      issues.values.first?.message == """
        An action was sent from an effect that had already completed: late. Send only while the Effect.run \
        operation runs: a `send` escaped into an unstructured Task or a callback outlives the effect, so the store \
        can neither wait for nor cancel what it sends. The action was dropped.
        """
    )
    #expect(issues.values.first?.fileID == "BraidTests/EffectRunTests.swift")
  }

  /// An object the operation captures and that keeps the operation's `Send` (a client storing
  /// its callback) is freed once the effect has ended and the store is gone: the `Send` does
  /// not hold the operation.
  @Test func aSendKeptByWhatItsOperationCapturesMakesNoCycle() async {
    final class Client: @unchecked Sendable {
      var send: Send<Int>?
      let freed: Recorder<Int>
      init(freed: Recorder<Int>) { self.freed = freed }
      deinit { freed.append(1) }
    }
    let freed = Recorder<Int>()
    do {
      let client = Client(freed: freed)
      let store = Store(initialState: 0) {
        Reduce<Int, Int> { _, _ in .run { [client] send in client.send = send } }
      }
      await store.send(1).finish()
      #expect(client.send != nil)
    }
    // The effect's task lets go of the operation just after `finish()` returns (its end wakes
    // `finish()` first): the client's deinit is awaited, not expected at once (under the thread
    // sanitizer, 1 run in 9 still held it). A cycle would keep it forever and fail the wait.
    #expect(await freed.waitForCount(1))
  }

  @Test func concatenateRunsEachEffectAfterThePrevious() async {
    let store = Store(initialState: Feature.State()) { Feature(calls: Recorder()) }
    await store.send(.concat).finish()
    #expect(store.state.log == ["first", "second", "third"])
  }

  @Test func effectsAreLazyUntilTheStoreStartsThem() async {
    let calls = Recorder<String>()
    var state = Feature.State()
    let effect = Feature(calls: calls).reduce(into: &state, action: .lazy)
    #expect(calls.values == ["built"])
    _ = effect
    let store = Store(initialState: Feature.State()) { Feature(calls: calls) }
    await store.send(.lazy).finish()
    #expect(calls.values == ["built", "built", "ran"])
  }

  @Test func runWorkDoesNotRunOnTheMainActor() async {
    // The effect blocks its thread until the main actor has run a job. If effect work ran on
    // the main actor this would deadlock, so the wait is bounded and its result asserted.
    let mainActorRan = DispatchSemaphore(value: 0)
    let result = Recorder<Bool>()
    let store = Store(initialState: 0) {
      Reduce<Int, Bool> { _, _ in
        .run { _ in
          let signalled = mainActorRan.wait(timeout: .now() + 60) == .success
          result.append(signalled)
        }
      }
    }
    let task = store.send(true)
    Task { @MainActor in mainActorRan.signal() }
    await task.finish()
    #expect(result.values == [true])
  }

  @Test func sendAfterCancellationIsANoOp() async {
    let gate = Gate()
    let store = Store(initialState: [Int]()) {
      Reduce<[Int], Int> { state, action in
        state.append(action)
        guard action == 0 else { return .none }
        return .run { send in
          await gate.wait()
          await send(1)
        }
      }
    }
    let task = store.send(0)
    task.cancel()
    gate.open()
    await task.finish()
    #expect(store.state == [0])
    #expect(task.isCancelled)
  }
}
