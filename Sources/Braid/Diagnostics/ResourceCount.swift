/// A count of live resources of one kind (descriptors, connections) that tests can wait on.
///
/// Live clients count what they open and close here; a test awaits ``until(timeout:_:)`` to
/// learn the moment a resource closed on another thread, rather than polling. Package-only.
package final class ResourceCount: Sendable {
  private struct State {
    var value = 0
    var next = 0
    var waiting: [Int: (predicate: @Sendable (Int) -> Bool, continuation: CheckedContinuation<Bool, Never>)] = [:]
    var expired: Set<Int> = []

    mutating func takeSatisfied() -> [CheckedContinuation<Bool, Never>] {
      let value = value
      let tokens = waiting.filter { $0.value.predicate(value) }.map(\.key)
      return tokens.compactMap { waiting.removeValue(forKey: $0)?.continuation }
    }
  }

  private let state = SanitizerVisibleMutex(State())

  package init() {}

  /// The number of resources open now.
  package var value: Int { state.withLock { $0.value } }

  /// Counts one resource opened.
  package func opened() { change(by: 1) }

  /// Counts one resource closed.
  package func closed() { change(by: -1) }

  private func change(by delta: Int) {
    let satisfied = state.withLock { state in
      state.value += delta
      return state.takeSatisfied()
    }
    for continuation in satisfied { continuation.resume(returning: true) }
  }

  /// Waits until `condition` holds for the count, and returns `true`; `false` after `timeout`
  /// of real time, a bound only a wrong test reaches (its resources never close).
  ///
  /// - Parameters:
  ///   - timeout: The longest wait.
  ///   - condition: What the count must satisfy, such as `{ $0 == 0 }`.
  /// - Returns: Whether the condition came to hold.
  package func until(timeout: Duration = .seconds(60), _ condition: @escaping @Sendable (Int) -> Bool) async -> Bool {
    let token = state.withLock { state -> Int in
      state.next += 1
      return state.next
    }
    let timer = Task {
      guard (try? await Task.sleep(for: timeout)) != nil else { return }
      let waiting = self.state.withLock { state -> CheckedContinuation<Bool, Never>? in
        guard let waiting = state.waiting.removeValue(forKey: token) else {
          state.expired.insert(token)
          return nil
        }
        return waiting.continuation
      }
      waiting?.resume(returning: false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let now = state.withLock { state -> Bool? in
        if condition(state.value) { return true }
        if state.expired.remove(token) != nil { return false }
        state.waiting[token] = (condition, continuation)
        return nil
      }
      if let now { continuation.resume(returning: now) }
    }
  }
}
