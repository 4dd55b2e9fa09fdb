extension TestClock {
  /// Tasks waiting in ``waitForSleepers(_:timeout:)``, by token.
  struct SleeperWaits {
    var next = 0
    var waiting: [Int: (count: Int, continuation: CheckedContinuation<Bool, Never>)] = [:]
    /// Waits whose timeout fired before they were registered.
    var expired: Set<Int> = []
  }

  /// Waits until at least `count` tasks sleep on this clock — the code under test has reached
  /// its timers, so advancing the clock now reaches them — and returns `true`.
  ///
  /// It is resumed by the sleep that makes the count, not by polling, so it returns as soon as
  /// that happens however busy the machine. The timeout only ends a test that is wrong (its
  /// code never sleeps that often): then it returns `false`.
  ///
  /// ```swift
  /// let task = Task { try await clock.sleep(for: .seconds(1)) }
  /// #expect(await clock.waitForSleepers(1))
  /// await clock.advance(by: .seconds(1))
  /// ```
  ///
  /// - Parameters:
  ///   - count: The number of sleepers to wait for.
  ///   - timeout: How long to wait, in real time, before giving up.
  /// - Returns: Whether `count` sleepers were reached.
  @discardableResult
  public func waitForSleepers(_ count: Int, timeout: Swift.Duration = .seconds(60)) async -> Bool {
    if pendingSleepers >= count { return true }
    let token = sleeperWaits.withLock { waits -> Int in
      waits.next += 1
      return waits.next
    }
    let timer = Task {
      guard (try? await Task.sleep(for: timeout)) != nil else { return }
      self.endSleeperWait(token, reached: false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      let expired = sleeperWaits.withLock { waits -> Bool in
        if waits.expired.remove(token) != nil { return true }
        waits.waiting[token] = (count, continuation)
        return false
      }
      if expired { continuation.resume(returning: pendingSleepers >= count) }
      resumeSleeperWaits()
    }
  }

  /// Resumes the waits whose count of sleepers has been reached.
  func resumeSleeperWaits() {
    let sleepers = pendingSleepers
    let reached = sleeperWaits.withLock { waits -> [CheckedContinuation<Bool, Never>] in
      guard !waits.waiting.isEmpty else { return [] }
      let tokens = waits.waiting.filter { $0.value.count <= sleepers }.map(\.key)
      return tokens.compactMap { waits.waiting.removeValue(forKey: $0)?.continuation }
    }
    for continuation in reached { continuation.resume(returning: true) }
  }

  private func endSleeperWait(_ token: Int, reached: Bool) {
    let waiting = sleeperWaits.withLock { waits -> CheckedContinuation<Bool, Never>? in
      guard let waiting = waits.waiting.removeValue(forKey: token) else {
        waits.expired.insert(token)
        return nil
      }
      return waiting.continuation
    }
    waiting?.resume(returning: reached)
  }
}
