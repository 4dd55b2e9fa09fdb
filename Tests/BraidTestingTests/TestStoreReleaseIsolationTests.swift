import Braid
import BraidTesting
import Testing

/// A test store released with a received action unasserted reports it at its release, inside
/// the block that released it, whatever actor the store ran on: off every actor, on an actor
/// of its own (`RecordedIssueTests` pins the main actor's, with its whole text). Were the report
/// late, it would land outside `withKnownIssue`, which would then fail for want of it.
struct TestStoreReleaseIsolationTests {
  actor Owner {
    func sendLoadAndRelease() async {
      let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
      await store.send(.load) { $0.isLoading = true }
    }
  }

  static func isTheRelease(_ issue: Issue) -> Bool {
    String(describing: issue).contains("The test store was released with 1 received action not asserted")
  }

  @Test func releasedOffEveryActor() async {
    await withKnownIssue {
      let store = TestStore(initialState: TestStoreFeature.State()) { TestStoreFeature() }
      await store.send(.load) { $0.isLoading = true }
    } matching: {
      Self.isTheRelease($0)
    }
  }

  @Test func releasedOnAnActorOfItsOwn() async {
    await withKnownIssue {
      await Owner().sendLoadAndRelease()
    } matching: {
      Self.isTheRelease($0)
    }
  }
}
