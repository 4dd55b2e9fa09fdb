import BraidLocation

/// Reads NMEA from a TCP server, reconnecting with exponential backoff on the injected clock.
struct NMEATCPStream: Sendable {
  let host: String
  let port: Int
  let clock: any Clock<Duration>

  func run(into manager: LiveLocationManager) async {
    var failures = 0
    while !Task.isCancelled {
      do {
        let connection = try TCPLineConnection.connect(host: host, port: port)
        failures = 0
        await withTaskCancellationHandler {
          var decoder = NMEALineDecoder()
          for await line in connection.lines() {
            if let fix = decoder.add(line: line) { manager.deliver(fix) }
          }
          if let fix = decoder.finish() { manager.deliver(fix) }
        } onCancel: {
          connection.stop()
        }
        guard !Task.isCancelled else { return }
        manager.fail(.disconnected("\(host):\(port)"))
      } catch {
        manager.fail(error)
      }
      failures += 1
      do {
        try await clock.sleep(for: NMEATCPStreamBackoff.wait(attempt: failures))
      } catch {
        return
      }
    }
  }
}

/// How long a network source waits before reconnecting.
public enum NMEATCPStreamBackoff {
  /// The wait before the `attempt`-th reconnection (1-based): 1, 2, 4, 8, 16, then 30 seconds.
  ///
  /// - Parameter attempt: How many attempts in a row have failed.
  /// - Returns: The wait.
  public static func wait(attempt: Int) -> Duration {
    .seconds(min(30, 1 << min(max(attempt - 1, 0), 5)))
  }
}
