import Braid

/// A store for tests that makes you assert every state change, every action effects feed back,
/// and that every effect has finished.
///
/// ```swift
/// @Test func factoring() async {
///   let store = TestStore(initialState: Counter.State(count: 12)) { Counter() }
///   await store.send(.factorButtonTapped) { $0.isFactoring = true }
///   await store.receive(.factorsComputed([2, 2, 3])) {
///     $0.isFactoring = false
///     $0.factors = [2, 2, 3]
///   }
/// }
/// ```
///
/// Each `send` and `receive` takes a closure that turns the state before the action into the
/// state you expect after it; a mismatch fails the test at that line with a diff (`−` expected,
/// `+` actual). Failures are recorded in Swift Testing inside a `@Test` and with `XCTFail` inside
/// an XCTest case. Time-based effects are driven by a `TestClock` you pass in, so tests never
/// sleep. The feature runs in a real `Store`, so it behaves exactly as in the application.
///
/// State need not be `Equatable`. `Equatable` state is compared with `==`; any other state — a
/// class instance, a non-`Equatable` struct, an enum with such a payload — is compared by content:
/// the full structure the failure diffs print, field by field, objects by their fields rather
/// than their identity, without dump hooks (they change printing, not equality). Values with no
/// fields compare by their description, so what a test cannot tell apart by content is what it
/// cannot see: any two closures are the same (`(Function)`), and an opaque pointer or handle is
/// its address.
///
/// A state that holds objects is compared by its content as it was at each step, whether or not
/// it is `Equatable`: an object changed in place changes every copy of the state that shares it,
/// so the test store freezes the content after every action it reduces. Assert such a change by
/// replacing the object in the closure (`$0.profile = Profile(name: "Blob")`); a closure that sets
/// a field in place writes through to the store's own state, and the step fails saying so.
///
/// End every test that starts effects with `await store.finish()`: it is what checks that no
/// effect is still running (naming the action that started it) and that no received action was
/// left unasserted. An exhaustive test store released with effects still running fails the test
/// at the line that created it, then cancels them.
///
/// Issues Braid reports from inside its own code while a `send` is reduced or while the effects
/// it started run — an unimplemented clock or endpoint, say — point at that `send` in the test.
///
/// The feature runs on the actor of the code that creates the test store: the main actor in a
/// `@MainActor` test, or an actor of the store's own in a test that is not isolated to one. Such
/// tests run in parallel under Swift Testing, each store on its own actor:
///
/// ```swift
/// @Suite struct TimerTests {          // not @MainActor: tests run side by side
///   @Test func ticks() async {
///     let store = TestStore(initialState: Timer.State()) { Timer() }
///     await store.send(.start)
///   }
/// }
/// ```
///
/// A test store belongs to the test that made it: it is not `Sendable`, and its methods run on
/// the caller's executor before hopping to the feature's actor.
public final class TestStore<State, Action: Sendable> {
  /// The state as of the last assertion.
  public var state: State { current.value }

  /// The state as of the last assertion, with its content as it was then.
  var current: StateSnapshot<State>

  /// Whether every change, received action and effect must be asserted. Default ``Exhaustivity/on``.
  public var exhaustivity: Exhaustivity = .on {
    didSet { release.exhaustivityChanged(to: exhaustivity) }
  }

  /// How long ``receive(_:timeout:assert:fileID:filePath:line:column:caller:)-(Action,_,_,_,_,_,_,_)`` and
  /// ``finish(timeout:fileID:filePath:line:column:caller:)`` wait at most for effects that keep
  /// running without settling (see <doc:TestStoreTiming>): 30 seconds by default. Both fail at
  /// once when the effects have settled, so a slow machine never meets it; it bounds a long
  /// computation or a blocking call in an effect.
  public var timeout: Duration = .seconds(30)

  /// The dependency values actions are reduced with; change them mid-test to affect later
  /// actions and the effects they start.
  public var dependencies: DependencyValues {
    get { store.dependencies }
    set {
      store.dependencies = newValue
      clockSettlement.update(for: newValue)
    }
  }

  let store: HarnessStore<State, Action>
  /// The actor the feature runs on (see ``TestStore``).
  let featureActor: any Actor
  /// Whether the feature still has to mount: a store made outside its actor mounts on it, at
  /// its first step.
  var needsMount: Bool
  let recorder: TestStoreRecorder<State, Action>
  /// The effects stood in for, in ``TestStoreEffects/described`` mode.
  let described: DescribedEffects<Action>?
  /// The last step, whose described effect events the next step checks were asserted: made
  /// only for a failure's message.
  var describedStep: () -> String = { "the store's creation" }
  package let effectExecutor: EffectExecutor
  let clockSettlement: ClockSettlement
  let site: SourceSite
  nonisolated let release: TestStoreRelease
  /// `==` when `State` is `Equatable`, else comparison by content (see ``TestStore``).
  let areEqual: (State, State) -> Bool = StateComparison.areEqual

  /// Creates a test store running `reducer` on `initialState`.
  ///
  /// - Parameters:
  ///   - initialState: The state to start from.
  ///   - inspector: Receives everything the store does (see `StoreInspector`), on the
  ///     feature's actor.
  ///   - effects: Whether the feature's effects run (``TestStoreEffects/run``, the default) or
  ///     are described for the test to assert and answer (``TestStoreEffects/described``).
  ///   - reducer: The feature's reducer.
  ///   - prepareDependencies: Sets up the dependencies the feature uses. They start as test
  ///     values (with `DependencyValues.uuid` a fresh incrementing generator).
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - isolation: The actor the feature runs on; by default the caller's, or an actor of the
  ///     store's own when the caller has none.
  public init<R: Reducer<State, Action>>(
    initialState: @autoclosure () -> State,
    inspector: StoreInspector<State, Action>? = nil,
    effects: TestStoreEffects = .run,
    @ReducerBuilder<State, Action> reducer: () -> R,
    withDependencies prepareDependencies: (inout DependencyValues) -> Void = { _ in },
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    isolation: (any Actor)? = #isolation
  ) {
    var values = DependencyValues()
    values.context = .test
    // A cache of its own: test values (a counting `uuid`, a controllable client) are built once
    // for this store and never shared with another test.
    values = values.openingScope()
    values.set(by: prepareDependencies)
    let executor = EffectExecutor()
    let actor = isolation ?? TestStoreIsolation()
    // Made with the test's dependencies, as `Store` makes it.
    let initial = withDependencies {
      $0 = values
    } operation: {
      initialState()
    }
    let snapshot = StateSnapshot(initial)
    let described = effects == .run ? nil : DescribedEffects<Action>()
    let recorder = TestStoreRecorder<State, Action>(initialState: snapshot, described: described)
    let inFlight = recorder.inFlight
    let store = HarnessStore(
      initialState: { initial }, functions: { reducer().makeFunctions() }, prepareDependencies: { $0 = values },
      effects: described.map {
        .described(into: $0, runningTiming: effects == .describedExceptTiming, parkedOn: executor)
      }
        ?? .running(on: executor) { inFlight.observer(label: $0()) },
      isolation: actor, inspector: inspector, reduced: recorder.record)
    self.store = store
    self.current = snapshot
    self.recorder = recorder
    self.described = described
    self.effectExecutor = executor
    self.featureActor = actor
    self.site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let unasserted = recorder.unasserted
    self.release = TestStoreRelease(
      inFlight: inFlight, unasserted: { unasserted.values.map(describe) },
      described: described.map(Self.releaseCheck), executor: executor, site: site)
    self.needsMount = isolation == nil
    self.clockSettlement = ClockSettlement(executor: executor, isolation: actor)
    clockSettlement.update(for: values)
    // A clock handed to the reducer directly is advanced by the test too: it settles this
    // store's effects through the test's tracker, when there is one.
    StoreTracker.current?.addSettlement(executor: executor, actor: actor)
    if !needsMount { store.mount() }
  }

  /// What the release check reads of the described effects.
  private nonisolated static func releaseCheck(
    _ described: DescribedEffects<Action>
  ) -> @Sendable () -> (running: [String], unasserted: [String]) {
    { (described.running.map(\.description), described.unasserted.map(\.description)) }
  }

  /// An exhaustive test store released with effects still running fails the test, at the line
  /// that created it (see ``finish(timeout:fileID:filePath:line:column:caller:)``).
  nonisolated deinit {
    release.storeReleased()
  }

  /// Sends `action` and asserts how it changed the state.
  ///
  /// - Parameters:
  ///   - action: The action.
  ///   - updateStateToExpectedResult: Turns the state before the action into the state
  ///     expected after it. Omit it when the action must not change the state.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  /// - Returns: The effects the action started; `cancel()` them or `await finish()` on them.
  @discardableResult
  public func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async -> StoreTask {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    // The test awaits the step: the assertion is only ever used on one side of the hop.
    nonisolated(unsafe) let update = updateStateToExpectedResult
    return await onFeatureActor { store, actor in await store.send(action, assert: update, at: site) }
  }

  private func send(
    _ action: Action,
    assert updateStateToExpectedResult: ((inout State) throws -> Void)?,
    at site: SourceSite,
    caller: isolated (any Actor)? = #isolation
  ) async -> StoreTask {
    let unhandled = recorder.received.filter { !$0.isStale }
    if exhaustivity == .on, !unhandled.isEmpty {
      recordFailure(
        """
        Must handle \(unhandled.count) received \(unhandled.count == 1 ? "action" : "actions") \
        before sending an action: …

        Unhandled actions:
        \(unhandled.map { "  " + describe($0.action) }.joined(separator: "\n"))
        """,
        at: site
      )
    }
    assertDescribedEffectsAsserted(before: "sending an action", step: "send(\(describe(action)))", at: site)
    if let last = recorder.received.last {
      // The test goes on from the latest state. When exhaustive, the actions stay (reported
      // above): a later `receive` may still assert them, as in TCA.
      current = last.state
      if exhaustivity == .on {
        recorder.markReceivedStale()
      } else {
        recorder.removeAllReceived()
      }
    }
    release.sent()
    recorder.awaitingTestAction = true
    recorder.stateAfterTestAction = nil
    let task = SourceSite.$current.withValue(site) { store.send(action) }
    recorder.awaitingTestAction = false
    let actual = recorder.stateAfterTestAction ?? StateSnapshot(store.state)
    assertStateChange(from: current, to: actual, update: updateStateToExpectedResult, at: site)
    current = actual
    await letEffectsStart()
    return task
  }
}

/// The actor a ``TestStore`` made outside any actor runs its feature on.
actor TestStoreIsolation {}

/// A label for an action, as failure messages show it (`.loaded("fact")`).
func describe(_ value: some Any) -> String {
  ValueDump.dump(value)
}
