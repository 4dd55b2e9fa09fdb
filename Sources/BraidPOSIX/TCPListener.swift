import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A listening TCP socket, and the accepting of clients on it, turning clients away with a
/// descriptor kept in reserve when the process has run out.
///
/// Unchecked `Sendable`: after the initializer, one thread at a time calls
/// ``accept(sendTimeout:sendBuffer:)`` (the one method that changes it); ``shutDown()`` only
/// reads the descriptor, which never changes.
package final class TCPListener: @unchecked Sendable {
  /// Why the socket could not listen.
  package struct ListenError: Error, Sendable, CustomStringConvertible {
    package let message: String
    package var description: String { message }

    package init(message: String) {
      self.message = message
    }
  }

  /// What an attempt to accept came to.
  package enum Accepted: Sendable {
    /// A client, connected on this descriptor.
    case client(Int32)
    /// The process is out of descriptors: the client was turned away.
    case refusedForDescriptors
    /// The process is out of descriptors and had none in reserve to turn the client away
    /// with: try again once a connection has closed.
    case outOfDescriptors
    /// The socket was shut down: stop accepting.
    case closed
    /// Another failure, which the next attempt may not repeat.
    case failed(Int32)
  }

  package let descriptor: Int32
  /// The port it listens on (the one the system chose for port 0).
  package let port: UInt16
  /// A descriptor held in reserve: when the process runs out, it is closed to accept the
  /// waiting client and turn it away at once, rather than leaving it hanging in the queue.
  private var spare: Int32
  /// The lowest descriptor number a client may be given: a client that would get one at or
  /// above it is turned away, so that a few descriptors stay free below the process's limit for
  /// the runtime itself (the concurrency runtime and Foundation trap, with `SIGILL`, when they
  /// cannot get one: a serve process at its limit died so in 2 of about 40 loaded test runs).
  private let firstReservedDescriptor: Int32

  /// Listens on `host` (a numeric IPv4 or IPv6 address or a name) and `port`.
  package init(host: String, port: UInt16) throws(ListenError) {
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
    var found: UnsafeMutablePointer<addrinfo>?
    let status = getaddrinfo(host, String(port), &hints, &found)
    guard status == 0, let first = found else {
      throw ListenError(message: "cannot resolve host '\(host)': \(String(cString: gai_strerror(status)))")
    }
    defer { freeaddrinfo(found) }
    let address = first.pointee
    let descriptor = socket(address.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
    guard descriptor >= 0 else { throw ListenError(message: "socket: \(String(cString: strerror(errno)))") }
    var yes: Int32 = 1
    setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
    guard bind(descriptor, address.ai_addr, address.ai_addrlen) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw ListenError(message: "cannot listen on \(host) port \(port): \(reason)")
    }
    // The longest queue the system allows (it caps the value at net.core.somaxconn): 600
    // clients connecting at once overflowed a queue of 128 while the machine was busy hashing
    // passwords, and the load balancer timed their connections out
    // (Scripts/scale-out-figures.sh, 1 server).
    guard listen(descriptor, SOMAXCONN) == 0 else {
      let reason = String(cString: strerror(errno))
      close(descriptor)
      throw ListenError(message: "listen: \(reason)")
    }
    var bound = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &bound) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(descriptor, $0, &length) }
    }
    let networkPort =
      bound.ss_family == sa_family_t(AF_INET6)
      ? withUnsafePointer(to: &bound) {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_port }
      }
      : withUnsafePointer(to: &bound) {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_port }
      }
    // Non-blocking: the accept loop waits in `poll`, so turning a client away never blocks in
    // `accept` with the spare descriptor given up (see `accept(sendTimeout:sendBuffer:)`).
    _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    self.descriptor = descriptor
    self.port = UInt16(bigEndian: networkPort)
    spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
    var limit = rlimit()
    firstReservedDescriptor =
      getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0 && limit.rlim_cur < rlim_t(Int32.max)
      ? Int32(limit.rlim_cur) - Self.reservedDescriptors : Int32.max
  }

  /// How many descriptors below the process's limit clients are never given.
  package static let reservedDescriptors: Int32 = 8

  /// Waits for the next client; its socket gets `sendTimeout` and a kernel send buffer of
  /// `sendBuffer` bytes.
  ///
  /// Linux's `accept` fails with `EMFILE` at the descriptor limit before it looks for a client,
  /// so the loop first waits in `poll` until a client is really waiting, and only then gives up
  /// the spare descriptor to turn that client away. Were it to give the spare up and then block
  /// in `accept`, the next client would be turned away even after descriptors had come free
  /// (`ServeProcessTests.theFirstClientAfterTheLimitPassesIsServed`, on `braid-demo serve`).
  package func accept(sendTimeout: Duration, sendBuffer: Int32) -> Accepted {
    while true {
      var listener = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
      if poll(&listener, 1, -1) < 0 {
        if errno == EINTR { continue }
        return .failed(errno)
      }
      // A listener that was shut down reports a hang-up.
      if listener.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return .closed }
      let client = Glibc.accept(descriptor, nil, nil)
      if client >= firstReservedDescriptor {
        // Descriptors are given lowest first: every number below this one is taken, so only
        // the reserve is left. Turned away as at the limit itself.
        close(client)
        return .refusedForDescriptors
      }
      if client >= 0 {
        _ = fcntl(client, F_SETFD, FD_CLOEXEC)
        var timeout = timeval(
          tv_sec: Int(sendTimeout.components.seconds),
          tv_usec: Int(sendTimeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var buffer = sendBuffer
        setsockopt(client, SOL_SOCKET, SO_SNDBUF, &buffer, socklen_t(MemoryLayout<Int32>.size))
        return .client(client)
      }
      let error = errno
      switch error {
      case EAGAIN, EWOULDBLOCK, ECONNABORTED, EINTR:
        // The client left before it was taken: wait for the next.
        continue
      case EMFILE, ENFILE:
        // A client waits and there is no descriptor for it: turn it away with the spare, then
        // take the spare back.
        guard spare >= 0 else {
          spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
          return .outOfDescriptors
        }
        close(spare)
        let refused = Glibc.accept(descriptor, nil, nil)
        if refused >= 0 { close(refused) }
        spare = open("/dev/null", O_RDONLY | O_CLOEXEC)
        return .refusedForDescriptors
      case EINVAL, EBADF:
        return .closed
      default:
        return .failed(error)
      }
    }
  }

  /// Stops accepting: a thread blocked in ``accept(sendTimeout:sendBuffer:)`` returns `.closed`.
  package func shutDown() {
    Glibc.shutdown(descriptor, Int32(SHUT_RDWR))
  }

  deinit {
    close(descriptor)
    if spare >= 0 { close(spare) }
  }
}
