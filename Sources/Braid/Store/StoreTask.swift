/// The effects started by one ``Store/send(_:)``: cancel them, or wait for them to finish.
///
/// ```swift
/// let task = store.send(.refreshPulled)
/// await task.finish()   // e.g. to end a pull-to-refresh spinner
/// ```
public struct StoreTask: Hashable, Sendable {
  @usableFromInline
  let rawValue: Task<Void, Never>?

  /// A task for a send that started no effect.
  @inlinable
  static var empty: Self { Self(rawValue: nil) }

  @inlinable
  init(rawValue: Task<Void, Never>?) {
    self.rawValue = rawValue
  }

  @usableFromInline
  init(_ tasks: [Task<Void, Never>]) {
    switch tasks.count {
    case 0:
      rawValue = nil
    case 1:
      rawValue = tasks[0]
    default:
      rawValue = Task {
        await withTaskCancellationHandler {
          for task in tasks { await task.value }
        } onCancel: {
          for task in tasks { task.cancel() }
        }
      }
    }
  }

  /// Cancels the effects.
  public func cancel() {
    rawValue?.cancel()
  }

  /// Waits until every effect has finished (or been cancelled).
  ///
  /// Cancelling the task that waits cancels the effects too.
  public func finish() async {
    guard let rawValue else { return }
    await withTaskCancellationHandler {
      await rawValue.value
    } onCancel: {
      rawValue.cancel()
    }
  }

  /// Whether ``cancel()`` has been called. A send that started no effect is never cancelled.
  public var isCancelled: Bool {
    rawValue?.isCancelled ?? false
  }
}
