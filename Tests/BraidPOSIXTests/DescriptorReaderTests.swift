import Braid
import BraidPOSIX
import Synchronization
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// The one reading loop: what it reads, how it ends, and that it lets go of what it owns.
struct DescriptorReaderTests {
  /// A pipe's ends, closed on exec.
  func pipeEnds() throws -> (read: Int32, write: Int32) {
    var ends: [Int32] = [0, 0]
    try #require(pipe(&ends) == 0)
    return (ends[0], ends[1])
  }

  /// The inode of the file `descriptor` is open on; `nil` when it is closed.
  static func inode(of descriptor: Int32) -> UInt64? {
    var info = stat()
    return fstat(descriptor, &info) == 0 ? UInt64(info.st_ino) : nil
  }

  @Test func itReadsUntilTheInputEndsThenClosesWhatItOwnsBeforeSayingSo() async throws {
    let ends = try pipeEnds()
    let count = ResourceCount()
    let reader = try DescriptorReader(descriptor: ends.read, ownsDescriptor: true, counter: count)
    let read = Mutex<[UInt8]>([])
    let ended = AsyncStream.makeStream(of: (DescriptorReader.End, open: Int, isClosed: Bool).self)
    // Closed means no longer open on this pipe: a test running in parallel may be given the
    // freed number at once (1 fresh-clone CI run saw it open again, on another file).
    let pipe = try #require(Self.inode(of: ends.read))
    reader.start { bytes in
      read.withLock { $0 += bytes }
      return true
    } end: { end in
      ended.continuation.yield((end, count.value, Self.inode(of: ends.read) != pipe))
    }
    #expect(count.value == 1)
    _ = Array("hello".utf8).withUnsafeBytes { write(ends.write, $0.baseAddress, $0.count) }
    close(ends.write)
    var iterator = ended.stream.makeAsyncIterator()
    let end = try #require(await iterator.next())
    #expect(end.0 == .endOfInput)
    // Closed and counted before it says so.
    #expect(end.open == 0)
    #expect(end.isClosed)
    #expect(read.withLock { $0 } == Array("hello".utf8))
  }

  @Test func aStopWakesAReadThatWouldWaitForever() async throws {
    let ends = try pipeEnds()
    defer { close(ends.write) }
    let reader = try DescriptorReader(descriptor: ends.read, ownsDescriptor: true)
    let ended = AsyncStream.makeStream(of: DescriptorReader.End.self)
    reader.start { _ in
      true
    } end: {
      ended.continuation.yield($0)
    }
    reader.stop()
    reader.stop()
    var iterator = ended.stream.makeAsyncIterator()
    #expect(await iterator.next() == .stopped)
    // Stopped, nothing is written through it.
    #expect(reader.withOpenDescriptor { $0 } == nil)
  }

  @Test func aDescriptorItDoesNotOwnStaysOpen() async throws {
    let ends = try pipeEnds()
    defer {
      close(ends.read)
    }
    let reader = try DescriptorReader(descriptor: ends.read, ownsDescriptor: false)
    let ended = AsyncStream.makeStream(of: DescriptorReader.End.self)
    reader.start { _ in
      false
    } end: {
      ended.continuation.yield($0)
    }
    _ = [UInt8(1)].withUnsafeBytes { write(ends.write, $0.baseAddress, 1) }
    close(ends.write)
    var iterator = ended.stream.makeAsyncIterator()
    // The chunk callback asked to stop.
    #expect(await iterator.next() == .stopped)
    #expect(fcntl(ends.read, F_GETFD) != -1)
  }
}
