/// Finishes an `AsyncStream` when it is released.
final class StreamFinisher<Value: Sendable>: Sendable {
  let continuation: AsyncStream<Value>.Continuation

  init(_ continuation: AsyncStream<Value>.Continuation) {
    self.continuation = continuation
  }

  deinit {
    continuation.finish()
  }
}
