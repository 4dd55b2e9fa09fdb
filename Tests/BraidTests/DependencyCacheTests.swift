import Braid
import BraidTestSupport
import BraidTesting
import Foundation
import Synchronization
import Testing

/// A client with state of its own, as delegate-style clients have: a table keyed by id.
final class SessionTable: Sendable {
  private let sessions = Mutex<Set<Int>>([])

  func create(_ id: Int) { sessions.withLock { _ = $0.insert(id) } }
  var count: Int { sessions.withLock { $0.count } }
}

/// Built anew on every access of `liveValue` or `testValue`: the cache is what keeps one.
private enum SessionTableKey: DependencyKey {
  static var liveValue: SessionTable { SessionTable() }
  static var testValue: SessionTable { SessionTable() }
}

/// A client that is its own key, read with `@Dependency(Greeter.self)`.
struct Greeter: TestDependencyKey, Sendable {
  var greet: @Sendable (String) -> String
  static let testValue = Greeter { "test \($0)" }
}

extension DependencyValues {
  var sessionTable: SessionTable {
    get { self[SessionTableKey.self] }
    set { self[SessionTableKey.self] = newValue }
  }
}

/// A model in the style of an observable object: it reads its dependencies long after it was
/// created.
final class ParentModel {
  @Dependency(\.sessionTable) var table
  @Dependency(Greeter.self) var greeter
}

final class ChildModel {
  @Dependency(Greeter.self) var greeter
}

@MainActor
@Suite(.checksStoreLeaks)
struct DependencyCacheTests {
  struct Feature: Reducer {
    enum Action: Sendable {
      case create(Int)
      case countSessions
    }
    @Dependency(\.sessionTable) var table

    func reduce(into state: inout Int, action: Action) -> Effect<Action> {
      switch action {
      case .create(let id): table.create(id)
      case .countSessions: state = table.count
      }
      return .none
    }
  }

  @Test func aStatefulClientKeepsItsStateBetweenActions() {
    let store = Store(initialState: 0) { Feature() }
    store.send(.create(1))
    store.send(.create(2))
    store.send(.countSessions)
    #expect(store.state == 2)
  }

  @Test func liveValuesAreBuiltOncePerProcess() {
    let (first, second) = withDependencies {
      $0.context = .live
    } operation: {
      (DependencyValues.current.sessionTable, DependencyValues.current.sessionTable)
    }
    let third = withDependencies {
      $0.context = .live
    } operation: {
      DependencyValues.current.sessionTable
    }
    #expect(first === second)
    #expect(first === third)
  }

  @Test func testValuesAreBuiltOncePerScopeAndNeverShared() {
    let (first, again) = withDependencies { _ in
    } operation: {
      (DependencyValues.current.sessionTable, DependencyValues.current.sessionTable)
    }
    let other = withDependencies { _ in
    } operation: {
      DependencyValues.current.sessionTable
    }
    #expect(first === again)
    #expect(first !== other)
    let storeA = Store(initialState: 0) { Feature() }
    let storeB = Store(initialState: 0) { Feature() }
    storeA.send(.create(1))
    storeB.send(.countSessions)
    #expect(storeB.state == 0)
  }

  @Test func aNestedScopeKeepsItsParentsValues() {
    withDependencies { _ in
    } operation: {
      let outer = DependencyValues.current.sessionTable
      let inner = withDependencies {
        $0.uuid = .incrementing
      } operation: {
        DependencyValues.current.sessionTable
      }
      #expect(outer === inner)
    }
  }

  @Test func overridesWinOverCachedValues() {
    let mine = SessionTable()
    withDependencies { _ in
    } operation: {
      _ = DependencyValues.current.sessionTable
      let overridden = withDependencies {
        $0.sessionTable = mine
      } operation: {
        DependencyValues.current.sessionTable
      }
      #expect(overridden === mine)
    }
  }

  @Test func uuidCountsWithinAScopeAndStartsOverInTheNext() {
    let first = withDependencies { _ in
    } operation: {
      [DependencyValues.current.uuid(), DependencyValues.current.uuid()].map(\.uuidString)
    }
    let second = withDependencies { _ in
    } operation: {
      DependencyValues.current.uuid().uuidString
    }
    #expect(first == ["00000000-0000-0000-0000-000000000000", "00000000-0000-0000-0000-000000000001"])
    #expect(second == "00000000-0000-0000-0000-000000000000")
  }

  @Test func uuidOutsideAnyScopeStillCounts() {
    let first = DependencyValues.current.uuid()
    let second = DependencyValues.current.uuid()
    #expect(first != second)
  }

  @Test func typeKeyedDependencies() {
    let model = ParentModel()
    #expect(model.greeter.greet("x") == "test x")
    let greeting = withDependencies {
      $0[Greeter.self] = Greeter { "hi \($0)" }
    } operation: {
      ParentModel().greeter.greet("x")
    }
    #expect(greeting == "hi x")
  }

  @Test func aModelKeepsTheValuesItWasCreatedWith() {
    let model = withDependencies {
      $0[Greeter.self] = Greeter { "scoped \($0)" }
    } operation: {
      ParentModel()
    }
    #expect(model.greeter.greet("x") == "scoped x")
    // Values in force at the read still win.
    let overridden = withDependencies {
      $0[Greeter.self] = Greeter { "later \($0)" }
    } operation: {
      model.greeter.greet("x")
    }
    #expect(overridden == "later x")
  }

  @Test func aChildModelInheritsItsParentsDependencies() {
    let parent = withDependencies {
      $0[Greeter.self] = Greeter { "parent \($0)" }
    } operation: {
      ParentModel()
    }
    let child = withDependencies(from: parent) { ChildModel() }
    let sibling = ChildModel()
    #expect(child.greeter.greet("x") == "parent x")
    #expect(sibling.greeter.greet("x") == "test x")
    let changed = withDependencies(from: parent) {
      $0[Greeter.self] = Greeter { "changed \($0)" }
    } operation: {
      ChildModel()
    }
    #expect(changed.greeter.greet("x") == "changed x")
    // The parent's scope comes along too: the child sees the parent's cached table.
    let table = withDependencies(from: parent) { DependencyValues.current.sessionTable }
    #expect(table === parent.table)
  }

  @Test func prepareDependenciesSetsValuesForTheRestOfTheScope() {
    let mine = SessionTable()
    withDependencies { _ in
    } operation: {
      prepareDependencies { $0.sessionTable = mine }
      #expect(DependencyValues.current.sessionTable === mine)
      // A store created in the scope uses the scope's values.
      Store(initialState: 0) { Feature() }.send(.create(5))
      #expect(mine.count == 1)
    }
  }

  @Test func preparingADependencyAfterItWasReadIsReported() {
    let issues = Recorder<IssueReporting.Issue>()
    withDependencies { _ in
    } operation: {
      let first = DependencyValues.current.sessionTable
      IssueReporting.withIssueHandler {
        issues.append($0)
      } operation: {
        prepareDependencies { $0.sessionTable = SessionTable() }
      }
      #expect(DependencyValues.current.sessionTable === first)
    }
    #expect(
      issues.values.map(\.message) == [
        "prepareDependencies set 'SessionTableKey' after it had been read; the earlier value is kept. Call prepareDependencies before anything reads the dependency."
      ])
  }

  @Test func settingADependencyThroughAKeyPathReportsNothing() {
    let paris = TimeZone(identifier: "Europe/Paris")!
    let store = Store(initialState: "") {
      Reduce<String, Void> { state, _ in
        state = DependencyValues.current.timeZone.identifier
        return .none
      }
      .dependency(\.timeZone, paris)
    }
    let issues = Recorder<IssueReporting.Issue>()
    IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      store.send(())
    }
    // A key-path write reads the property first; that read must not count as a use.
    #expect(issues.values.isEmpty)
    #expect(store.state == "Europe/Paris")
  }
}
