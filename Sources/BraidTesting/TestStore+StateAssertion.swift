import Braid

extension TestStore {
  /// Checks that applying `update` to `before` gives `actual`, reporting each way it can fail.
  func assertStateChange(
    from before: State,
    to actual: State,
    update: ((inout State) throws -> Void)?,
    at site: SourceSite
  ) {
    var expected = before
    if let update {
      do {
        // Non-exhaustive: only the fields the closure names must hold, so apply it to the
        // actual state and check that it changes nothing.
        if exhaustivity.isOff { expected = actual }
        // The assertion sees the test's dependencies, as the reducer did.
        try withDependencies {
          $0 = dependencyBox.values
        } operation: {
          try update(&expected)
        }
      } catch {
        recordFailure("Threw error: \(error)", at: site)
        return
      }
    }
    if areEqual(expected, actual) {
      if update != nil, exhaustivity == .on, areEqual(expected, before) {
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
          "a state change was not asserted: …\n\n\(ValueDump.diff(before, actual) ?? "(no visible difference)")",
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

      \(ValueDump.diff(expected, actual) ?? "(no visible difference)")

      (Expected: −, Actual: +)
      """,
      at: site
    )
  }
}
