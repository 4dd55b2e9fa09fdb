import BraidLocation
import BraidPOSIX

extension LineConnection {
  /// Connects to `host:port` over TCP.
  ///
  /// - Throws: ``LocationError/sourceUnavailable(_:)`` when the host does not resolve or
  ///   refuses the connection.
  static func connect(host: String, port: Int) throws(LocationError) -> LineConnection {
    let name = "\(host):\(port)"
    do {
      return try LineConnection(descriptor: TCPConnection.connect(host: host, port: port), name: name)
    } catch let failure as TCPConnection.Failure {
      switch failure {
      case .unresolved: throw .sourceUnavailable("\(name): the host does not resolve")
      case .refused(let error): throw .sourceUnavailable("\(name): \(error)")
      }
    } catch let error as LocationError {
      throw error
    } catch {
      throw .sourceUnavailable("\(name): \(error)")
    }
  }
}
