import BraidLocation

/// Reads fixes from a TCP server (NMEA text or gpsd's JSON), reconnecting with exponential
/// backoff on the injected clock.
struct NetworkStream<Decoder: LineDecoder>: Sendable {
  let host: String
  let port: Int
  let clock: any Clock<Duration>
  /// Sent once the connection is up (gpsd's `?WATCH`).
  let greeting: String?
  let makeDecoder: @Sendable () -> Decoder

  func run(into manager: LiveLocationManager) async {
    var failures = 0
    while !Task.isCancelled {
      do {
        let connection = try TCPLineConnection.connect(host: host, port: port)
        failures = 0
        if let greeting { connection.send(greeting) }
        await withTaskCancellationHandler {
          var decoder = makeDecoder()
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
