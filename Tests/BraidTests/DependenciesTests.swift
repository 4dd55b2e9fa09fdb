import Braid
import BraidTestSupport
import BraidTesting
import Testing

struct NumberClient: Sendable {
  var fetch: @Sendable (Int) async throws -> String
}

private enum NumberClientKey: DependencyKey {
  static let liveValue = NumberClient(fetch: { "live \($0)" })
  static let testValue = NumberClient(fetch: unimplemented("NumberClient.fetch"))
}

private enum LiveOnlyKey: DependencyKey {
  static let liveValue: Int = 42
}

/// A client with no test value, of two endpoints, for setting one of them.
private struct GreetingClient: Sendable {
  var greet: @Sendable (String) -> String
  var part: @Sendable () -> String
}

private enum GreetingClientKey: DependencyKey {
  static let liveValue = GreetingClient(greet: { "live hello, \($0)" }, part: { "live part" })
}

private enum SalutationKey: DependencyKey {
  static let liveValue = "live salutation"
  static let testValue = "test salutation"
}

extension DependencyValues {
  var numberClient: NumberClient {
    get { self[NumberClientKey.self] }
    set { self[NumberClientKey.self] = newValue }
  }
  var liveOnly: Int {
    get { self[LiveOnlyKey.self] }
    set { self[LiveOnlyKey.self] = newValue }
  }
  fileprivate var greetingClient: GreetingClient {
    get { self[GreetingClientKey.self] }
    set { self[GreetingClientKey.self] = newValue }
  }
  var salutation: String {
    get { self[SalutationKey.self] }
    set { self[SalutationKey.self] = newValue }
  }
}

@MainActor
@Suite(.checksStoreLeaks)
struct DependenciesTests {
  struct Feature: Reducer {
    struct State: Equatable { var fact = "" }
    enum Action: Equatable, Sendable {
      case fetch(Int)
      case fetched(String)
      case failed(String)
    }
    @Dependency(\.numberClient) var numberClient

    func reduce(into state: inout State, action: Action) -> Effect<Action> {
      switch action {
      case .fetch(let n):
        return .run { send in
          await send(.fetched(try await numberClient.fetch(n)))
        } catch: { error, send in
          await send(.failed("\(error)"))
        }
      case .fetched(let fact):
        state.fact = fact
        return .none
      case .failed(let message):
        state.fact = message
        return .none
      }
    }
  }

  @Test func theTestProcessIsDetected() {
    #expect(DependencyContext.current == .test)
    #expect(DependencyValues().context == .test)
  }

  @Test func storeWithDependenciesOverridesForReducersAndEffects() async {
    let store = Store(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.numberClient.fetch = { "overridden \($0)" }
    }
    await store.send(.fetch(7)).finish()
    #expect(store.state.fact == "overridden 7")
  }

  @Test func dependencyModifierAppliesToTheEffectsItReturns() async {
    let store = Store(initialState: Feature.State()) {
      Feature().dependency(\.numberClient, NumberClient(fetch: { "modifier \($0)" }))
    }
    await store.send(.fetch(3)).finish()
    #expect(store.state.fact == "modifier 3")
  }

  @Test func effectsKeepTheValuesInForceWhenCreated() async {
    var scratch = Feature.State()
    let effect = withDependencies {
      $0.numberClient.fetch = { "captured \($0)" }
    } operation: {
      Feature().reduce(into: &scratch, action: .fetch(1))
    }
    let store = Store(initialState: Feature.State()) {
      Reduce<Feature.State, Feature.Action> { state, action in
        if case .fetched(let fact) = action { state.fact = fact }
        return action == Feature.Action.fetch(0) ? effect : .none
      }
    }
    await store.send(.fetch(0)).finish()
    #expect(store.state.fact == "captured 1")
  }

  @Test func anEffectBuiltOutsideAnyScopeKeepsTheDefaultsWhereverItStarts() async {
    // Built where nothing is overridden; started by a store whose send binds an override, which
    // the effect's task would otherwise inherit.
    let effect = Effect<Feature.Action>.run { send in
      await send(.fetched(DependencyValues.current.salutation))
    }
    let store = Store(initialState: Feature.State()) {
      Reduce<Feature.State, Feature.Action> { state, action in
        if case .fetched(let fact) = action { state.fact = fact }
        return action == Feature.Action.fetch(0) ? effect : .none
      }
    } withDependencies: {
      $0.salutation = "the store's salutation"
    }
    await store.send(.fetch(0)).finish()
    #expect(store.state.fact == "test salutation")
  }

  @Test func aSubscriptionsRetriesAndHandlerSeeTheStoresDependencies() async {
    struct Failure: Error {}
    let seen = Recorder<String>()
    let store = Store(initialState: Feature.State()) {
      Reduce<Feature.State, Feature.Action> { state, action in
        switch action {
        case .fetch:
          // Each attempt fails at once; the retry and the handler run in the effect's task.
          return Effect<Feature.Action>.subscribe { subscriber in
            seen.append(DependencyValues.current.salutation)
            subscriber.send(completion: .failure(Failure()))
            return AnyCancellable {}
          } catch: { _, send in
            await send(.fetched(DependencyValues.current.salutation))
          }
          .retry(1)
        case .fetched(let fact):
          state.fact = fact
          return .none
        case .failed:
          return .none
        }
      }
    } withDependencies: {
      $0.salutation = "the store's salutation"
    }
    await store.send(.fetch(0)).finish()
    #expect(seen.values == ["the store's salutation", "the store's salutation"])
    #expect(store.state.fact == "the store's salutation")
  }

  @Test func aSendToAnotherStoreFromAReducerLeavesTheOuterStoresValuesInForce() {
    let inner = Store(initialState: "") {
      Reduce<String, String> { state, _ in
        state = DependencyValues.current.salutation
        return .none
      }
    } withDependencies: {
      $0.salutation = "inner"
    }
    let outer = Store(initialState: [String]()) {
      Reduce<[String], String> { state, action in
        state.append(DependencyValues.current.salutation)
        MainActor.assumeIsolated { _ = inner.send(action) }
        state.append(DependencyValues.current.salutation)
        return .none
      }
    } withDependencies: {
      $0.salutation = "outer"
    }
    outer.send("go")
    #expect(inner.state == "inner")
    #expect(outer.state == ["outer", "outer"])
    #expect(DependencyValues.current.salutation == "test salutation", "nothing is left in force after the send")
  }

  @Test func unimplementedEndpointReportsAndThrows() async {
    let issues = Recorder<IssueReporting.Issue>()
    let store = Store(initialState: Feature.State()) { Feature() }
    await IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      await store.send(.fetch(1)).finish()
    }
    #expect(issues.values.map(\.message) == ["Unimplemented: 'NumberClient.fetch' was called."])
    #expect(store.state.fact == "Unimplemented: 'NumberClient.fetch'")
  }

  @Test func aKeyWithoutATestValueReportsItsName() {
    let issues = Recorder<IssueReporting.Issue>()
    let value = IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      DependencyValues().liveOnly
    }
    #expect(value == 42)
    #expect(
      issues.values.map(\.message) == [
        "Dependency 'LiveOnlyKey' has no test value. Give 'LiveOnlyKey' a `testValue`, or override it in this test with `withDependencies`."
      ])
  }

  /// Setting one field of a dependency that has no test value reads the dependency in order
  /// to set it: that read is not reported (swift-dependencies' rule). A later read of the
  /// dependency outside the update is.
  @Test func settingOneFieldOfADependencyWithoutATestValueReportsNothing() {
    let issues = Recorder<IssueReporting.Issue>()
    let greeting = IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      withDependencies {
        $0.greetingClient.greet = { "hello, \($0)" }
      } operation: {
        DependencyValues.current.greetingClient.greet("ann")
      }
    }
    #expect(greeting == "hello, ann")
    #expect(issues.values.isEmpty)
    let reported = IssueReporting.withIssueHandler {
      issues.append($0)
    } operation: {
      withDependencies { _ in
      } operation: {
        DependencyValues.current.greetingClient.part()
      }
    }
    #expect(reported == "live part")
    #expect(
      issues.values.map(\.message) == [
        "Dependency 'GreetingClientKey' has no test value. Give 'GreetingClientKey' a `testValue`, or override it in this test with `withDependencies`."
      ])
  }

  @Test func testStoreDependenciesCanChangeMidTest() async {
    let store = TestStore(initialState: Feature.State()) {
      Feature()
    } withDependencies: {
      $0.numberClient.fetch = { "first \($0)" }
    }
    await store.send(.fetch(1))
    await store.receive(.fetched("first 1")) { $0.fact = "first 1" }
    store.dependencies.numberClient.fetch = { "second \($0)" }
    await store.send(.fetch(2))
    await store.receive(.fetched("second 2")) { $0.fact = "second 2" }
  }

  @Test func testProcessDetectionRules() {
    #expect(DependencyContext.isTestProcessForTesting(arguments: ["/x/BraidPackageTests.xctest"], environment: [:]))
    #expect(DependencyContext.isTestProcessForTesting(arguments: ["/usr/bin/xctest", "a"], environment: [:]))
    #expect(
      DependencyContext.isTestProcessForTesting(arguments: ["app"], environment: ["XCTestSessionIdentifier": "1"]))
    #expect(!DependencyContext.isTestProcessForTesting(arguments: ["/usr/bin/braid-demo"], environment: [:]))
  }
}
