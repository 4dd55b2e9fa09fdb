import Braid
import BraidTesting
import Foundation
import Testing

/// TCA's rule: the initial state, and a TestStore's assertions, are built with
/// the store's dependencies.
@MainActor
@Suite(.checksStoreLeaks)
struct DependenciesAtInitTests {
  struct Stamped: Reducer {
    struct State: Equatable {
      var id: UUID
      var stamp: Date

      init() {
        @Dependency(\.uuid) var uuid
        @Dependency(\.date) var date
        id = uuid()
        stamp = date.now
      }
    }

    enum Action: Equatable, Sendable { case restamp }

    @Dependency(\.date) var date

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      state.stamp = date.now.addingTimeInterval(1)
      return .none
    }
  }

  static let id = UUID(uuidString: "DEADBEEF-0000-0000-0000-000000000001")!
  static let moment = Date(timeIntervalSince1970: 1_000_000)

  @Test func aStoresInitialStateSeesItsDependencies() {
    let store = Store(initialState: Stamped.State()) {
      Stamped()
    } withDependencies: {
      $0.uuid = .constant(Self.id)
      $0.date = .constant(Self.moment)
    }
    #expect(store.state.id == Self.id)
    #expect(store.state.stamp == Self.moment)
  }

  @Test func aTestStoresInitialStateAndAssertionsSeeItsDependencies() async {
    let store = TestStore(initialState: Stamped.State()) {
      Stamped()
    } withDependencies: {
      $0.uuid = .constant(Self.id)
      $0.date = .constant(Self.moment)
    }
    #expect(store.state.id == Self.id)
    #expect(store.state.stamp == Self.moment)
    await store.send(.restamp) {
      @Dependency(\.date) var date
      $0.stamp = date.now.addingTimeInterval(1)
    }
  }
}
