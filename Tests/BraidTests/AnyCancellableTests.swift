import Braid
import BraidTestSupport
import Dispatch
import Testing

/// `AnyCancellable` runs its teardown once, and every `cancel()` returns only when it has
/// finished — the guarantee `.cancel(id:)` relies on to say a client has stopped.
struct AnyCancellableTests {
  @Test func theTeardownRunsOnceHoweverOftenItIsCancelled() {
    let runs = Recorder<Int>()
    let token = AnyCancellable { runs.append(1) }
    #expect(!token.isCancelled)
    token.cancel()
    token.cancel()
    #expect(token.isCancelled)
    #expect(runs.count == 1)
  }

  @Test func aTeardownThatCancelsItsOwnTokenDoesNotDeadlock() {
    let runs = Recorder<Int>()
    let box = Recorder<AnyCancellable>()
    let token = AnyCancellable {
      runs.append(1)
      box.values.first?.cancel()
    }
    box.append(token)
    token.cancel()
    #expect(runs.count == 1)
  }

  /// Thread A is inside the teardown when thread B cancels: B returns only after A's teardown
  /// has finished. Before, B returned at once, while the client was still stopping.
  @Test func cancellingWhileAnotherThreadTearsDownWaitsForIt() async {
    let order = Recorder<String>()
    let entered = Gate()
    let release = DispatchSemaphore(value: 0)
    let token = AnyCancellable {
      entered.open()
      release.wait()
      order.append("teardown finished")
    }
    DispatchQueue.global().async { token.cancel() }
    await entered.wait()
    let second = Task.detached {
      token.cancel()
      order.append("second cancel returned")
    }
    // The second cancel is inside `cancel()`, waiting, before the teardown may finish: had it
    // returned at once instead, its line would come first.
    let giveUp = ContinuousClock.now.advanced(by: .seconds(30))
    while token.teardownWaiters == 0, ContinuousClock.now < giveUp { await Task.yield() }
    #expect(token.teardownWaiters == 1)
    #expect(order.values.isEmpty)
    release.signal()
    await second.value
    #expect(order.values == ["teardown finished", "second cancel returned"])
  }
}
