import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A real gpsd (Debian package `gpsd`) reading one device and serving its JSON protocol on a
/// loopback port: `gpsd -N -n -b -S PORT -F SOCKET DEVICE` (foreground, no wait for clients,
/// read-only, its own control socket; without `-F` and a usable device gpsd exits at once).
final class GPSDProcess {
  /// The installed gpsd, if any.
  static let executable = ["/usr/sbin/gpsd", "/usr/bin/gpsd", "/usr/local/sbin/gpsd"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// Whether gpsd is installed.
  static var isInstalled: Bool { executable != nil }

  let port: Int
  private let process = Process()
  private let controlSocket: String
  private let log: URL

  /// Starts gpsd on `device`.
  ///
  /// - Throws: When gpsd is not installed or does not start.
  init(device: String) throws {
    guard let executable = Self.executable else { throw PseudoTerminal.Failure(description: "gpsd is not installed") }
    // A port that was free a moment ago.
    let probe = try LoopbackServer(payloads: [])
    port = probe.port
    probe.stop()
    let name = "braid-gpsd-\(getpid())-\(port)"
    controlSocket = NSTemporaryDirectory() + name + ".sock"
    log = URL(fileURLWithPath: NSTemporaryDirectory() + name + ".log")
    // Run as root, gpsd drops its privileges before it opens the device.
    chmod(device, 0o666)
    _ = FileManager.default.createFile(atPath: log.path, contents: nil)
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["-N", "-n", "-b", "-S", String(port), "-F", controlSocket, device]
    process.standardOutput = try FileHandle(forWritingTo: log)
    process.standardError = try FileHandle(forWritingTo: log)
    try process.run()
  }

  /// What gpsd printed so far, for failure messages.
  var output: String { (try? String(contentsOf: log, encoding: .utf8)) ?? "" }

  var isRunning: Bool { process.isRunning }

  /// Stops gpsd and waits for it to exit. gpsd 3.22 can take seconds to act on `SIGTERM` while
  /// its device is busy, so it is killed.
  func stop() {
    if process.isRunning {
      kill(process.processIdentifier, SIGKILL)
      process.waitUntilExit()
    }
    unlink(controlSocket)
    unlink(log.path)
  }

  deinit { stop() }
}
