import Braid
import Testing

struct ResourceCountTests {
  @Test func aWaitIsResumedByTheChangeThatSatisfiesIt() async {
    let count = ResourceCount()
    count.opened()
    count.opened()
    let closer = Task.detached {
      count.closed()
      count.closed()
    }
    #expect(await count.until { $0 == 0 })
    await closer.value
    #expect(count.value == 0)
  }

  @Test func aWaitAlreadySatisfiedReturnsAtOnce() async {
    let count = ResourceCount()
    #expect(await count.until(timeout: .zero) { $0 == 0 })
  }

  /// A zero timeout ends the wait without any wall-clock waiting.
  @Test func aWaitNeverSatisfiedEndsAtItsTimeout() async {
    let count = ResourceCount()
    count.opened()
    #expect(await !count.until(timeout: .zero) { $0 == 0 })
    count.closed()
    #expect(await count.until { $0 == 0 })
  }
}
