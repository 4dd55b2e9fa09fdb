import BraidLocation

/// Reads fixes from a line source that can go away (a TCP server, gpsd, a serial device),
/// reopening it with exponential backoff on the injected clock.
struct ReconnectingLineStream<Decoder: LineDecoder>: Sendable {
  /// Where the lines come from.
  enum Endpoint: Sendable {
    case tcp(host: String, port: Int)
    case serial(path: String, baud: Int)

    func open() throws(LocationError) -> LineConnection {
      switch self {
      case .tcp(let host, let port): try LineConnection.connect(host: host, port: port)
      case .serial(let path, let baud): try LineConnection.openSerial(path: path, baud: baud)
      }
    }
  }

  let endpoint: Endpoint
  /// How the source is named in errors.
  let name: String
  /// A fresh decoder, copied for each connection.
  let decoder: Decoder
  /// Sent once the connection is up (gpsd's `?WATCH`).
  var greeting: String?
  let clock: any Clock<Duration>

  func run(into manager: LiveLocationManager) async {
    var failures = 0
    var totals = LocationSourceStatus()
    while !Task.isCancelled {
      do {
        let connection = try endpoint.open()
        failures = 0
        totals.isOpen = true
        manager.report(totals)
        if let greeting { connection.send(greeting) }
        totals = await withTaskCancellationHandler {
          var decoder = self.decoder
          let status = { (decoder: Decoder) in
            LocationSourceStatus(
              isOpen: true, linesRead: totals.linesRead + decoder.linesRead,
              linesSkipped: totals.linesSkipped + decoder.linesSkipped)
          }
          for await line in connection.lines() {
            if let fix = decoder.add(line: line) {
              manager.report(status(decoder))
              manager.deliver(fix)
            }
          }
          if let fix = decoder.finish() {
            manager.report(status(decoder))
            manager.deliver(fix)
          }
          var closed = status(decoder)
          closed.isOpen = false
          return closed
        } onCancel: {
          connection.stop()
        }
        guard !Task.isCancelled else { return }
        manager.report(totals)
        manager.fail(.disconnected(name))
      } catch {
        manager.fail(error)
      }
      failures += 1
      do {
        try await clock.sleep(for: LocationSourceBackoff.wait(attempt: failures))
      } catch {
        return
      }
    }
  }
}
