import Braid
import BraidTesting
import Testing

/// A `receive` waits through the window between a failing subscription and its retry: the
/// effect is still running there, and its final failure reaches the handler.
@MainActor
@Suite(.checksStoreLeaks)
struct TestStoreRetryTests {
  struct Failure: Error, CustomStringConvertible {
    var description: String { "refused" }
  }

  struct Feature: Reducer {
    enum Action: Equatable, Sendable {
      case start
      case failed(String)
    }

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .start:
        return .subscribe { subscriber in
          subscriber.send(completion: .failure(Failure()))
          return AnyCancellable {}
        } catch: { error, send in
          await send(.failed("\(error)"))
        }
        .retry(1)
      case .failed:
        state += 1
        return .none
      }
    }
  }

  /// Failed 15 of 20 isolated runs before: the window between attempts counted as nothing
  /// running. Repeated here so that a window left open fails at least one of the runs.
  @Test(arguments: 0..<20)
  func receiveWaitsThroughTheWindowBetweenAttempts(run: Int) async {
    let store = TestStore(initialState: 0) { Feature() }
    await store.send(.start)
    await store.receive(.failed("refused")) { $0 = 1 }
    await store.finish()
  }
}
