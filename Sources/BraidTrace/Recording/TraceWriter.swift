import Foundation

/// Hands a recorder's lines to its sink on a thread of its own, through a bounded buffer, so
/// that a store never waits for the disk.
///
/// When the buffer is full, a line is dropped, never waited for; the next line that fits is
/// preceded by a `dropped` line that counts what was lost, so a reader knows where the gap is.
final class TraceWriter: @unchecked Sendable {
  // @unchecked: every stored `var` is read and written under `condition`'s lock only.
  private let condition = NSCondition()
  private let sink: TraceSink
  private let capacity: Int
  private var queue: [[UInt8]] = []
  private var dropped = 0
  private var isWriting = false
  private var isClosing = false
  private var isClosed = false
  private var failure: (any Error)?

  init(sink: TraceSink, capacity: Int) {
    self.sink = sink
    self.capacity = max(1, capacity)
  }

  /// Starts the writing thread: lines appended before it (a header) are its first batch.
  func start() {
    // The thread holds the writer until `close()` ends its loop.
    let thread = Thread { [self] in run() }
    thread.name = "braid trace writer"
    thread.start()
  }

  /// Queues `line` (without its newline), or drops it when the buffer is full.
  func append(_ line: [UInt8]) {
    condition.lock()
    defer { condition.unlock() }
    guard !isClosing else { return }
    guard queue.count < capacity else {
      dropped += 1
      return
    }
    queueDroppedMarker()
    queue.append(line)
    condition.broadcast()
  }

  /// The number of lines dropped since the last `dropped` line was queued.
  private func queueDroppedMarker() {
    guard dropped > 0 else { return }
    // A line without an action or a state cannot fail to encode.
    queue.append((try? TraceLineEncoder().encode(TraceLine(.dropped(count: dropped)))) ?? [])
    dropped = 0
  }

  /// Waits until every line queued so far has reached the sink.
  func flush() {
    condition.lock()
    defer { condition.unlock() }
    queueDroppedMarker()
    condition.broadcast()
    while (!queue.isEmpty || isWriting) && failure == nil && !isClosed { condition.wait() }
  }

  /// Flushes, stops the thread and closes the sink; rethrows the first write error.
  func close() throws {
    flush()
    condition.lock()
    isClosing = true
    condition.broadcast()
    while !isClosed { condition.wait() }
    let failure = self.failure
    condition.unlock()
    if let failure { throw failure }
  }

  private func run() {
    condition.lock()
    while true {
      while queue.isEmpty && !isClosing { condition.wait() }
      if queue.isEmpty && isClosing { break }
      let batch = queue
      queue.removeAll(keepingCapacity: true)
      isWriting = true
      condition.unlock()
      var bytes: [UInt8] = []
      bytes.reserveCapacity(batch.reduce(0) { $0 + $1.count + 1 })
      for line in batch {
        bytes += line
        bytes.append(UInt8(ascii: "\n"))
      }
      let error: (any Error)?
      do {
        try sink.write(bytes)
        error = nil
      } catch let thrown {
        error = thrown
      }
      condition.lock()
      isWriting = false
      if let error, failure == nil {
        failure = error
        isClosing = true
        queue.removeAll()
      }
      condition.broadcast()
    }
    condition.unlock()
    sink.close()
    condition.lock()
    isClosed = true
    condition.broadcast()
    condition.unlock()
  }
}
