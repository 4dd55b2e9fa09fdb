import Braid
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A pseudo-terminal pair: tests write a receiver's bytes into the controlling side and a serial
/// source (or gpsd) reads the device side, as it would read `/dev/ttyUSB0`.
final class PseudoTerminal: Sendable {
  struct Failure: Error, CustomStringConvertible {
    let description: String
  }

  /// The device side's path (`/dev/pts/N`).
  let devicePath: String
  private let controller: Int32
  private let isClosed = SanitizerVisibleMutex(false)
  private let feeding = SanitizerVisibleMutex<(stop: Bool, done: DispatchSemaphore?)>((false, nil))

  init() throws {
    // posix_openpt, unlockpt and ptsname are hidden from Swift's Glibc module; these are the
    // ioctls they wrap (TIOCSPTLCK and TIOCGPTN).
    let controller = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard controller >= 0, ioctl(controller, 0x4004_5431, &unlock) == 0, ioctl(controller, 0x8004_5430, &number) == 0
    else {
      if controller >= 0 { Glibc.close(controller) }
      throw Failure(description: "no pseudo-terminal: \(String(cString: strerror(errno)))")
    }
    self.controller = controller
    devicePath = "/dev/pts/\(number)"
  }

  /// Writes `text` to the controlling side; the device side reads it.
  func write(_ text: String) {
    _ = write(Array(text.utf8), while: { true })
  }

  /// Writes `text` on a thread of its own, then `trailer` again and again, until ``hangUp()``;
  /// each write waits for the reader to make room.
  func feed(_ text: String, then trailer: String, pausingBetweenRepeats pause: Duration = .zero) {
    feed(text, thenCycling: [trailer], pausingAfterEach: pause)
  }

  /// Writes `text` on a thread of its own, then each of `chunks` in turn, from the first again
  /// after the last, with `pause` after each, until ``hangUp()``: a receiver that sends one
  /// epoch's sentences per tick. Each write waits for the reader to make room.
  func feed(_ text: String, thenCycling chunks: [String], pausingAfterEach pause: Duration) {
    let done = DispatchSemaphore(value: 0)
    feeding.withLock { $0.done = done }
    let keepGoing: @Sendable () -> Bool = { [feeding] in !feeding.withLock { $0.stop } }
    let pauseMicroseconds = UInt32(
      clamping: pause.components.seconds * 1_000_000 + pause.components.attoseconds / 1_000_000_000_000)
    let chunks = chunks.map { Array($0.utf8) }
    Thread.detachNewThread { [self] in
      var next = 0
      if write(Array(text.utf8), while: keepGoing), !chunks.isEmpty {
        while write(chunks[next], while: keepGoing) {
          next = (next + 1) % chunks.count
          // A receiver's pace, on the feeder's own thread: the reader of the other side gets
          // a breath between writes instead of an endless flood.
          if pauseMicroseconds > 0 { usleep(pauseMicroseconds) }
        }
      }
      done.signal()
    }
  }

  /// Writes `bytes`, waiting at most 100 ms at a time for room so `keepGoing` is asked often.
  ///
  /// - Returns: Whether everything was written.
  private func write(_ bytes: [UInt8], while keepGoing: () -> Bool) -> Bool {
    var offset = 0
    while offset < bytes.count {
      guard keepGoing() else { return false }
      var ready = pollfd(fd: controller, events: Int16(POLLOUT), revents: 0)
      let count = poll(&ready, 1, 100)
      if count < 0, errno != EINTR { return false }
      guard count > 0 else { continue }
      let written = bytes.withUnsafeBytes { Glibc.write(controller, $0.baseAddress! + offset, $0.count - offset) }
      if written < 0, errno == EINTR || errno == EAGAIN { continue }
      guard written > 0 else { return false }
      offset += written
    }
    return true
  }

  /// Stops feeding and closes the controlling side: the device side hangs up, as an unplugged
  /// receiver does.
  func hangUp() {
    let done = feeding.withLock { state -> DispatchSemaphore? in
      state.stop = true
      defer { state.done = nil }
      return state.done
    }
    done?.wait()
    isClosed.withLock { closed in
      guard !closed else { return }
      Glibc.close(controller)
      closed = true
    }
  }

  deinit { hangUp() }
}
