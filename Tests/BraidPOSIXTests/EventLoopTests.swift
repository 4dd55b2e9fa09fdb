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
    loop.arm(ends[0], readable: true)
    #expect(await iterator.next() == .readable)
    // Armed for the hang-up only: the input is not reported, the hang-up is.
    loop.arm(ends[0], readable: false)
    shutdown(ends[0], Int32(SHUT_RDWR))
    #expect(await iterator.next() == .hangUp)
    loop.remove(ends[0])
    close(ends[0])
  }
}
