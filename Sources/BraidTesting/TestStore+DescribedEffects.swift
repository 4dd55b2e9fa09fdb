import Braid

extension TestStore {
  /// Asserts that the oldest start or cancellation not yet asserted is the start of an effect
  /// of `kind` under `ids`, built by the timing operator `timing` (or by none), and returns that
  /// effect, to answer or complete.
  ///
  /// Only for a test store made with ``TestStoreEffects/described``. Starts and cancellations
  /// are asserted in the order the store made them, right after the step that made them: an
  /// exhaustive test store fails the next step (a send, receive, answer, completion, dismount or
  /// ``finish(timeout:fileID:filePath:line:column:caller:)``) that finds one unasserted.
  ///
  /// ```swift
  /// let store = TestStore(initialState: Search.State(), effects: .described) { Search() }
  /// await store.send(.queryChanged("blob")) { $0.query = "blob" }
  /// let search = store.effectStarted(.run, ids: ["search"])
  /// await store.answer(search, with: .results(["Blob"]))
  /// await store.receive(.results(["Blob"])) { $0.results = ["Blob"] }
  /// await store.complete(search)
  /// await store.finish()
  /// ```
  ///
  /// - Parameters:
  ///   - kind: `.run` or `.subscribe`.
  ///   - ids: The cancellation ids around the effect, outermost first, as printed: a private
  ///     `CancelID.search` is `"search"`. Empty for an effect that is not cancellable.
  ///   - timing: The timing operator that built the effect (`EffectTiming(.debounce, interval:
  ///     .milliseconds(300))` for a debounce's wait), or `nil` for an effect none built: a
  ///     debounce replaced by a plain restart fails here.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  /// - Returns: The effect that started; on a failure, the effect that did (if one did).
  @discardableResult
  public func effectStarted(
    _ kind: DescribedEffect.Kind,
    ids: [String] = [],
    timing: EffectTiming? = nil,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) -> DescribedEffect {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let under = ids.isEmpty ? "" : " under \(ids.joined(separator: ", "))"
    let expected = "a \(kind.rawValue) effect\(under)\(timing.map { ", \($0)," } ?? "") started"
    let unknown = DescribedEffect(number: 0, kind: kind, cancellationIDs: ids, startedBy: "nothing", timing: timing)
    guard let described = describedEffects(for: expected, at: site) else { return unknown }
    switch described.removeFirstUnasserted() {
    case .started(let effect)?:
      if effect.kind != kind || effect.cancellationIDs != ids || effect.timing != timing {
        recordFailure("Expected \(expected), but \(effect) started.", at: site)
      }
      return effect
    case .cancelled(let effect)?:
      recordFailure("Expected \(expected), but \(effect) was cancelled first.", at: site)
      return unknown
    case let command?:
      recordFailure("Expected \(expected), but \(command) came first.", at: site)
      return unknown
    case nil:
      recordFailure("Expected \(expected), but no effect started that was not asserted already.", at: site)
      return unknown
    }
  }

  /// Asserts that the oldest start or cancellation not yet asserted is the cancellation of
  /// `effect`: by a `.cancel(id:)`, a `cancelInFlight` restart or a child feature's removal.
  ///
  /// - Parameters:
  ///   - effect: The effect, as ``effectStarted(_:ids:timing:fileID:filePath:line:column:)`` returned it.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  public func effectCancelled(
    _ effect: DescribedEffect,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column
  ) {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    let expected = "\(effect) cancelled"
    guard let described = describedEffects(for: expected, at: site) else { return }
    switch described.removeFirstUnasserted() {
    case .cancelled(let cancelled)? where cancelled == effect:
      return
    case let other?:
      recordFailure("Expected \(expected), but \(other) came first.", at: site)
    case nil:
      recordFailure("Expected \(expected), but it was not cancelled.", at: site)
    }
  }

  /// Delivers `action` as the answer of the described `effect`, as the effect would have sent
  /// it, and returns once the store has reduced it; assert it with `receive`.
  ///
  /// - Parameters:
  ///   - effect: The effect, as ``effectStarted(_:ids:timing:fileID:filePath:line:column:)`` returned it.
  ///   - action: What the effect sends.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  public func answer(
    _ effect: DescribedEffect,
    with action: Action,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await onFeatureActor { store, actor in
      guard let described = store.describedEffects(for: "an answer of \(effect)", at: site) else { return }
      store.assertDescribedEffectsAsserted(
        before: "answering \(effect)", step: "answer(effect #\(effect.number), with: \(describe(action)))", at: site)
      switch described.entry(for: effect) {
      case nil:
        recordFailure("Cannot answer \(effect): this test store did not describe it.", at: site)
      case (let status, _)? where status != .running:
        recordFailure("Cannot answer \(effect): it was \(status) already, so it could send nothing.", at: site)
      case (_, let subscriber)?:
        let target = store.recorder.receivedTotal + 1
        subscriber.send(action)
        await store.waitForReceived(target, what: "the answer of \(effect)", at: site)
      }
    }
  }

  /// Ends the described `effect` as if it had finished: it is no longer running, and
  /// ``finish(timeout:fileID:filePath:line:column:caller:)`` no longer fails for it.
  ///
  /// - Parameters:
  ///   - effect: The effect, as ``effectStarted(_:ids:timing:fileID:filePath:line:column:)`` returned it.
  ///   - fileID: The file a reported issue points at; defaults to the caller's.
  ///   - filePath: The full path of that file, for test failures; defaults to the caller's.
  ///   - line: The line a reported issue points at; defaults to the caller's.
  ///   - column: The column a test failure points at; defaults to the caller's.
  ///   - caller: The caller's actor; the step runs on the feature's (see ``TestStore``).
  public func complete(
    _ effect: DescribedEffect,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    caller: isolated (any Actor)? = #isolation
  ) async {
    let site = SourceSite(fileID: fileID, filePath: filePath, line: line, column: column)
    await onFeatureActor { store, actor in
      guard let described = store.describedEffects(for: "completing \(effect)", at: site) else { return }
      store.assertDescribedEffectsAsserted(
        before: "completing \(effect)", step: "complete(effect #\(effect.number))", at: site)
      switch described.complete(effect) {
      case .success(let subscriber):
        subscriber.send(completion: .finished)
      case .failure(.unknown):
        recordFailure("Cannot complete \(effect): this test store did not describe it.", at: site)
      case .failure(.ended(let status)):
        recordFailure("Cannot complete \(effect): it was \(status) already.", at: site)
      }
    }
  }

  /// The described effects neither completed nor cancelled, oldest first: empty unless the test
  /// store was made with ``TestStoreEffects/described``.
  public var describedEffectsInFlight: [DescribedEffect] {
    described?.running ?? []
  }

  /// The described effects, or a failure at `site` saying the test store runs its effects.
  func describedEffects(for expected: String, at site: SourceSite) -> DescribedEffects<Action>? {
    guard let described else {
      recordFailure(
        "Expected \(expected), but this test store runs its effects: make it with `effects: .described` to describe them.",
        at: site)
      return nil
    }
    return described
  }

  /// Waits until effects have fed back `total` actions in all: an answer goes through the
  /// effect's subscriber, whose task delivers it. Bounded by turns, not time: the delivery needs
  /// only the store's own tasks.
  private func waitForReceived(
    _ total: Int, what: String, at site: SourceSite, caller: isolated (any Actor)? = #isolation
  ) async {
    var turns = 0
    while recorder.receivedTotal < total {
      turns += 1
      if turns > 100_000 {
        recordFailure("\(what) was not delivered to the store.", at: site)
        return
      }
      await Task.yield()
    }
  }

  /// When exhaustive, fails for every start, cancellation or command of a described effect the
  /// test has not asserted, and drops them (each fails once); then notes `step` as the one whose
  /// events the next check names. Every step checks what the step before it made, so an event
  /// is asserted right after the step that caused it, or the test fails there: a recorded
  /// cancellation that the feature now makes a step earlier or later fails the test.
  ///
  /// - Parameters:
  ///   - moment: What the test is about to do, for the message; made only for one.
  ///   - step: The step about to run, as the next check's message names it; made only for one
  ///     (describing every action cost a `TestStore` step 2.5 times its instructions).
  ///   - mark: Checks only the events recorded before this count (``DescribedEffects/recordedCount``
  ///     when a received action was reduced): the events after it are the received action's own.
  func assertDescribedEffectsAsserted(
    before moment: @autoclosure () -> String, step: @escaping @autoclosure () -> String,
    recordedBefore mark: Int? = nil, at site: SourceSite
  ) {
    guard let described else { return }
    defer { describedStep = step }
    let events: [DescribedEffects<Action>.Event]
    if let mark {
      events = described.removeUnasserted(before: mark)
    } else {
      events = described.unasserted
      described.removeAllUnasserted()
    }
    guard exhaustivity == .on, !events.isEmpty else { return }
    recordFailure(
      """
      Must assert \(events.count) described effect \(events.count == 1 ? "event" : "events") \
      before \(moment()): …

      Unasserted, made by \(describedStep()):
      \(events.map { "  \($0)" }.joined(separator: "\n"))

      Assert each with `store.effectStarted(…)`, `store.effectCancelled(…)` or \
      `store.effectCommanded(…)`, in this order, right after the step that made it.
      """,
      at: site)
  }

  /// When exhaustive, fails for every described effect still running.
  func assertNoDescribedEffectRunning(at site: SourceSite) {
    guard exhaustivity == .on else { return }
    let running = describedEffectsInFlight
    guard !running.isEmpty else { return }
    recordFailure(
      """
      A described effect is still running. It must be completed or cancelled before the end of the test.

      Still running:
      \(running.map { "  \($0)" }.joined(separator: "\n"))

      To fix, end it with `await store.complete(effect)`, or have the feature cancel it.
      """,
      at: site)
  }
}
