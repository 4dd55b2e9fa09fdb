import Braid
import CBraidEventLoop
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One thread waiting in `epoll` for many descriptors, calling each one's handler when it can
/// be read or has hung up: a server's connections are read without a thread each.
///
/// Each descriptor is armed for one event at a time (`EPOLLONESHOT`): after its handler has run,
/// the descriptor stays quiet until the handler's owner ``arm(_:readable:)``s it again, so an
/// owner that has no room for more input simply does not re-arm (back-pressure), and no event is
/// handled twice at once. A descriptor armed with `readable: false` reports its hang-up only.
package final class EventLoop: Sendable {
  /// What happened to a descriptor.
  package enum Event: Sendable {
    /// It can be read (input, the end of input, or an error for `read` to report).
    case readable
    /// It hung up both ways, or failed.
    case hangUp
  }

  private let epoll: Int32
  /// Written to stop the loop.
  private let wake: Int32
  private let handlers = SanitizerVisibleMutex<[Int32: @Sendable (Event) -> Void]>([:])

  /// Starts the loop's thread.
  ///
  /// - Throws: ``SystemError`` when the process has no descriptor left for `epoll`.
  package init() throws(SystemError) {
    let epoll = braid_epoll_create()
    guard epoll >= 0 else { throw .lastError() }
    let wake = braid_eventfd_create()
    guard wake >= 0, braid_epoll_add(epoll, wake, 1, 0) == 0 else {
      let error = SystemError.lastError()
      if wake >= 0 { close(wake) }
      close(epoll)
      throw error
    }
    self.epoll = epoll
    self.wake = wake
    let thread = Thread { [self] in run() }
    thread.stackSize = 256 * 1024
    thread.start()
  }

  /// Watches `descriptor`, armed to be read; `handler` runs on the loop's thread.
  ///
  /// - Throws: ``SystemError`` when `epoll` refuses it.
  package func add(_ descriptor: Int32, handler: @escaping @Sendable (Event) -> Void) throws(SystemError) {
    handlers.withLock { $0[descriptor] = handler }
    guard braid_epoll_add(epoll, descriptor, 1, 1) == 0 else {
      let error = SystemError.lastError()
      handlers.withLock { _ = $0.removeValue(forKey: descriptor) }
      throw error
    }
  }

  /// Arms `descriptor` for its next event: input when `readable`, otherwise its hang-up only.
  package func arm(_ descriptor: Int32, readable: Bool) {
    braid_epoll_arm(epoll, descriptor, readable ? 1 : 0)
  }

  /// Stops watching `descriptor`: call it before the descriptor is closed, whose number may be
  /// reused at once.
  package func remove(_ descriptor: Int32) {
    handlers.withLock { _ = $0.removeValue(forKey: descriptor) }
    braid_epoll_remove(epoll, descriptor)
  }

  /// Ends the loop's thread, which closes its descriptors. Descriptors still watched are left
  /// as they are.
  package func stop() {
    var one: UInt64 = 1
    _ = write(wake, &one, MemoryLayout<UInt64>.size)
  }

  private func run() {
    defer {
      close(epoll)
      close(wake)
    }
    var descriptors = [Int32](repeating: 0, count: 64)
    var kinds = [Int32](repeating: 0, count: 64)
    while true {
      let count = braid_epoll_wait(epoll, &descriptors, &kinds, Int32(descriptors.count))
      if count < 0 {
        if errno == EINTR { continue }
        return
      }
      for index in 0..<Int(count) {
        let descriptor = descriptors[index]
        if descriptor == wake { return }
        guard let handler = handlers.withLock({ $0[descriptor] }) else { continue }
        // Input (or the end of it) first: `read` tells what happened; a hang-up alone after.
        handler(kinds[index] & Int32(braid_event_readable) != 0 ? .readable : .hangUp)
      }
    }
  }
}
