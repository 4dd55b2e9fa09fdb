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
///
/// Each registration has a number of its own, its generation, carried in its events (as
/// swift-nio's selector does): a descriptor removed, closed and reused at once by a new
/// connection is registered under a new generation, and an event the loop had already taken
/// for the old registration is dropped instead of reaching the new connection's handler.
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
  private let registrations = SanitizerVisibleMutex(Registrations())

  /// The watched descriptors, each with its generation and handler.
  private struct Registrations {
    var byDescriptor: [Int32: (generation: UInt32, handler: @Sendable (Event) -> Void)] = [:]
    var lastGeneration: UInt32 = 0
  }

  /// Starts the loop's thread.
  ///
  /// - Throws: ``SystemError`` when the process has no descriptor left for `epoll`.
  package init() throws(SystemError) {
    let epoll = braid_epoll_create()
    guard epoll >= 0 else { throw .lastError() }
    let wake = braid_eventfd_create()
    guard wake >= 0, braid_epoll_add(epoll, wake, 0, 1, 0) == 0 else {
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
    let generation = registrations.withLock { registrations in
      // Generation 0 is the wake descriptor's.
      registrations.lastGeneration = registrations.lastGeneration &+ 1 == 0 ? 1 : registrations.lastGeneration &+ 1
      registrations.byDescriptor[descriptor] = (registrations.lastGeneration, handler)
      return registrations.lastGeneration
    }
    guard braid_epoll_add(epoll, descriptor, generation, 1, 1) == 0 else {
      let error = SystemError.lastError()
      registrations.withLock { _ = $0.byDescriptor.removeValue(forKey: descriptor) }
      throw error
    }
  }

  /// Arms `descriptor` for its next event: input when `readable`, otherwise its hang-up only.
  ///
  /// - Throws: ``SystemError`` when `epoll` refuses (the descriptor is not watched, or closed):
  ///   no event will come for it, and its owner must end what waits for one.
  package func arm(_ descriptor: Int32, readable: Bool) throws(SystemError) {
    guard let generation = registrations.withLock({ $0.byDescriptor[descriptor]?.generation }) else {
      throw SystemError(code: ENOENT)
    }
    guard braid_epoll_arm(epoll, descriptor, generation, readable ? 1 : 0) == 0 else { throw .lastError() }
  }

  /// Stops watching `descriptor`: call it before the descriptor is closed, whose number may be
  /// reused at once. An event already taken for it is dropped.
  package func remove(_ descriptor: Int32) {
    registrations.withLock { _ = $0.byDescriptor.removeValue(forKey: descriptor) }
    // Fails only when the descriptor was closed first, which removed it from `epoll` already.
    _ = braid_epoll_remove(epoll, descriptor)
  }

  /// Calls the handler of `descriptor`'s registration numbered `generation` with `event`, if
  /// that registration is still the descriptor's; `false` when it is not (a stale event).
  @discardableResult
  package func deliver(_ event: Event, to descriptor: Int32, generation: UInt32) -> Bool {
    guard
      let handler = registrations.withLock({ registrations -> (@Sendable (Event) -> Void)? in
        guard let registration = registrations.byDescriptor[descriptor], registration.generation == generation
        else { return nil }
        return registration.handler
      })
    else { return false }
    handler(event)
    return true
  }

  /// The generation of `descriptor`'s registration, or `nil` when it is not watched.
  package func generation(of descriptor: Int32) -> UInt32? {
    registrations.withLock { $0.byDescriptor[descriptor]?.generation }
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
    var generations = [UInt32](repeating: 0, count: 64)
    var kinds = [Int32](repeating: 0, count: 64)
    while true {
      let count = braid_epoll_wait(epoll, &descriptors, &generations, &kinds, Int32(descriptors.count))
      if count < 0 {
        if errno == EINTR { continue }
        return
      }
      for index in 0..<Int(count) {
        let descriptor = descriptors[index]
        if descriptor == wake { return }
        // Input (or the end of it) first: `read` tells what happened; a hang-up alone after.
        deliver(
          kinds[index] & Int32(braid_event_readable) != 0 ? .readable : .hangUp, to: descriptor,
          generation: generations[index])
      }
    }
  }
}
