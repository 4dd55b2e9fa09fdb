import BraidLocation

#if canImport(Glibc)
  import Glibc
#endif

extension LineConnection {
  /// Connects to `host:port` over TCP.
  ///
  /// - Throws: ``LocationError/sourceUnavailable(_:)`` when the host does not resolve or
  ///   refuses the connection.
  static func connect(host: String, port: Int) throws(LocationError) -> LineConnection {
    let name = "\(host):\(port)"
    var hints = addrinfo()
    hints.ai_family = AF_UNSPEC
    hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
    var results: UnsafeMutablePointer<addrinfo>?
    guard getaddrinfo(host, String(port), &hints, &results) == 0, let first = results else {
      throw .sourceUnavailable("\(name): the host does not resolve")
    }
    defer { freeaddrinfo(results) }
    var reason = "no address to connect to"
    var candidate: UnsafeMutablePointer<addrinfo>? = first
    while let info = candidate {
      let descriptor = socket(
        info.pointee.ai_family, info.pointee.ai_socktype | Int32(SOCK_CLOEXEC.rawValue), info.pointee.ai_protocol)
      if descriptor >= 0 {
        if Glibc.connect(descriptor, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 {
          return try LineConnection(descriptor: descriptor, name: name)
        }
        reason = String(cString: strerror(errno))
        Glibc.close(descriptor)
      } else {
        reason = String(cString: strerror(errno))
      }
      candidate = info.pointee.ai_next
    }
    throw .sourceUnavailable("\(name): \(reason)")
  }
}
