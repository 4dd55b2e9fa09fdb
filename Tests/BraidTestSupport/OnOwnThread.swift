import Foundation

/// Runs `body`, which blocks (a child process, a pipe, a sleep), on a thread of its own and
/// returns its result.
///
/// A test that blocks on the cooperative pool holds one of its few threads (two on a two-core
/// machine) for as long as it blocks: two such tests at once stall every task in the test
/// process, and tests with real-time bounds elsewhere (the serve tests) then fail for no fault
/// of theirs.
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
  try await withCheckedThrowingContinuation { continuation in
    let thread = Thread {
      continuation.resume(with: Result { try body() })
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
}

/// ``onOwnThread(_:)`` for a body that cannot throw.
package func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () -> T) async -> T {
  await withCheckedContinuation { continuation in
    let thread = Thread {
      continuation.resume(returning: body())
    }
    thread.stackSize = 1 << 20
    thread.start()
  }
}
