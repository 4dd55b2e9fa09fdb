import Braid

extension TestStore {
  /// Checks that applying `update` to `before` gives `actual`, reporting each way it can fail.
  ///
  /// States that hold objects are compared by their content frozen at each step (see
  /// ``StateSnapshot``): the state before an action shares its objects with the state after
  /// it, and the closure's copy shares them with the store's live state.
  func assertStateChange(
    from before: StateSnapshot<State>,
    to actual: StateSnapshot<State>,
    update: ((inout State) throws -> Void)?,
    at site: SourceSite
  ) {
    var expected = before.value
    // What the live objects hold before the closure runs, to catch it writing through them. Not
    // `actual`'s own content: actions reduced since may have changed the objects too.
    let liveBeforeClosure = update != nil && actual.content != nil ? ValueDump.ContentSnapshot(actual.value) : nil
    // The closure's shared values start as the state it starts from had them; what it writes
    // through `withLock` stays in them, away from the store's live values.
    let base = update != nil && exhaustivity.isOff ? actual : before
    let shared = base.content?.sharedValues ?? [:]
    // A state without shared values skips the task-local scope (the TestStore step row of
    // Benchmarks/instructions.sh).
    let asserted = shared.isEmpty ? nil : SharedAssertionValues(shared)
    if let update {
      do {
        // Non-exhaustive: only the fields the closure names must hold, so apply it to the
        // actual state and check that it changes nothing.
        if exhaustivity.isOff { expected = actual.value }
        // The assertion sees the test's dependencies, as the reducer did.
        try withDependencies {
          $0 = store.dependencies
        } operation: {
          if let asserted { try asserted.during { try update(&expected) } } else { try update(&expected) }
        }
      } catch {
        recordFailure("Threw error: \(error)", at: site)
        return
      }
    }
    let comparison = Comparison(
      before: before,
      actual: actual,
      expected: expected,
      // The state the closure started from: its untouched objects must read as they were then.
      expectedBase: base,
      asserted: asserted,
      isUpdated: update != nil,
      liveBeforeClosure: liveBeforeClosure
    )
    if let written = comparison.liveStateWritten {
      recordFailure(
        """
        The assertion closure changed the store's state: it wrote through an object (a class \
        instance) that the expected state shares with the store, so the store now holds what \
        the closure wrote. Assert an object's fields by replacing the object in the closure \
        (`$0.profile = Profile(name: "Blob")`), never by setting them in place.

        The store's state as the closure changed it: …

        \(written)

        (Before the closure: −, after: +)
        """,
        at: site
      )
      return
    }
    if comparison.expectedMatches {
      if update != nil, exhaustivity == .on, comparison.expectedIsBefore {
        recordFailure(
          """
          Expected state to change, but no change occurred.

          The trailing closure made no observable modifications to state. If no change to state is \
          expected, omit the trailing closure.
          """,
          at: site
        )
      }
      return
    }
    if exhaustivity.isOff, update == nil {
      if exhaustivity.showsSkippedAssertions {
        recordSkippedAssertion(
          "a state change was not asserted: …\n\n\(comparison.changeDiff() ?? "(no visible difference)")",
          at: site)
      }
      return
    }
    let header =
      update == nil
      ? "State was not expected to change, but a change occurred: …"
      : "A state change does not match expectation: …"
    recordFailure(
      """
      \(header)

      \(comparison.mismatchDiff() ?? "(no visible difference)")

      (Expected: −, Actual: +)
      """,
      at: site
    )
  }

  /// The states of one step compared: with `==` (or by content) when they hold no objects,
  /// else by their content frozen at each step. Diffs are made only when a failure prints one.
  private struct Comparison {
    let before: StateSnapshot<State>
    let actual: StateSnapshot<State>
    let expected: State
    /// The frozen contents (before, actual, expected) when the states hold objects.
    let contents:
      (before: ValueDump.ContentSnapshot, actual: ValueDump.ContentSnapshot, expected: ValueDump.ContentSnapshot)?
    let expectedMatches: Bool
    let expectedIsBefore: Bool
    /// The diff of the live state before and after the assertion closure, when it wrote there.
    let liveStateWritten: String?

    init(
      before: StateSnapshot<State>,
      actual: StateSnapshot<State>,
      expected: State,
      expectedBase: StateSnapshot<State>,
      asserted: SharedAssertionValues?,
      isUpdated: Bool,
      liveBeforeClosure: ValueDump.ContentSnapshot?
    ) {
      self.before = before
      self.actual = actual
      self.expected = expected
      guard before.content != nil || actual.content != nil else {
        contents = nil
        expectedMatches = StateComparison.areEqual(expected, actual.value)
        expectedIsBefore = expectedMatches && StateComparison.areEqual(expected, before.value)
        liveStateWritten = nil
        return
      }
      let actualContent = actual.frozenContent
      let beforeContent = before.frozenContent
      // Without a closure the expected state is the state before, whose objects may have changed
      // since: its frozen content is what was expected.
      let expectedContent =
        !isUpdated
        ? beforeContent
        : asserted?.during { ValueDump.ContentSnapshot(expected, objectsAsIn: expectedBase.frozenContent) }
          ?? ValueDump.ContentSnapshot(expected, objectsAsIn: expectedBase.frozenContent)
      contents = (beforeContent, actualContent, expectedContent)
      expectedMatches = expectedContent == actualContent
      expectedIsBefore = expectedContent == beforeContent
      if let liveBeforeClosure, case let live = ValueDump.ContentSnapshot(actual.value), live != liveBeforeClosure {
        liveStateWritten = ValueDump.diff(liveBeforeClosure, live) ?? "(no visible difference)"
      } else {
        liveStateWritten = nil
      }
    }

    /// The diff of the expected state against the actual one.
    func mismatchDiff() -> String? {
      guard let contents else { return ValueDump.diff(expected, actual.value) }
      return ValueDump.diff(contents.expected, contents.actual)
    }

    /// The diff of the state before the step against the actual one.
    func changeDiff() -> String? {
      guard let contents else { return ValueDump.diff(before.value, actual.value) }
      return ValueDump.diff(contents.before, contents.actual)
    }
  }
}
