import BraidPOSIX
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// One thread for many descriptors: each is reported once per arming, and a hang-up alone when
/// armed for it only.
struct EventLoopTests {
  @Test func aDescriptorIsReportedOncePerArmingAndItsHangUpWhenArmedForThatOnly() async throws {
    let loop = try EventLoop()
    defer { loop.stop() }
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    defer { close(ends[1]) }
    let (events, continuation) = AsyncStream.makeStream(of: EventLoop.Event.self)
    try loop.add(ends[0]) { continuation.yield($0) }
    var iterator = events.makeAsyncIterator()
    _ = [UInt8(7), 8].withUnsafeBytes { write(ends[1], $0.baseAddress, 2) }
    #expect(await iterator.next() == .readable)
    // Re-armed with its input unread: reported again.
    try loop.arm(ends[0], readable: true)
    #expect(await iterator.next() == .readable)
    // Armed for the hang-up only: the input is not reported, the hang-up is.
    try loop.arm(ends[0], readable: false)
    shutdown(ends[0], Int32(SHUT_RDWR))
    #expect(await iterator.next() == .hangUp)
    loop.remove(ends[0])
    close(ends[0])
  }

  /// A descriptor closed and reused at once by a new registration: an event the loop took for
  /// the old one must not reach the new one's handler.
  @Test func anEventForAnOldRegistrationOfAReusedDescriptorIsDropped() throws {
    let loop = try EventLoop()
    defer { loop.stop() }
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    defer {
      close(ends[0])
      close(ends[1])
    }
    let heard = Mutex<[String]>([])
    try loop.add(ends[0]) { _ in heard.withLock { $0.append("old") } }
    let old = try #require(loop.generation(of: ends[0]))
    loop.remove(ends[0])
    try loop.add(ends[0]) { _ in heard.withLock { $0.append("new") } }
    let new = try #require(loop.generation(of: ends[0]))
    #expect(new != old)
    // What the loop's thread does with an event it took from the kernel before the reuse.
    #expect(!loop.deliver(.readable, to: ends[0], generation: old))
    #expect(loop.deliver(.hangUp, to: ends[0], generation: new))
    #expect(heard.withLock { $0 } == ["new"])
    loop.remove(ends[0])
  }

  @Test func armingADescriptorTheLoopCannotWatchThrows() throws {
    let loop = try EventLoop()
    defer { loop.stop() }
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    defer { close(ends[1]) }
    #expect(throws: SystemError(code: ENOENT)) { try loop.arm(ends[0], readable: true) }
    try loop.add(ends[0]) { _ in }
    // Closed before it was removed: epoll has forgotten it, and says so.
    close(ends[0])
    #expect(throws: SystemError(code: EBADF)) { try loop.arm(ends[0], readable: true) }
    loop.remove(ends[0])
  }
}
