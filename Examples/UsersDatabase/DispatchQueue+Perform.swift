import Dispatch

extension DispatchQueue {
  /// Runs blocking `work` on this queue and waits for it without holding a thread of the
  /// cooperative pool.
  package func perform<Result: Sendable>(_ work: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
      async { continuation.resume(with: Swift.Result { try work() }) }
    }
  }
}
