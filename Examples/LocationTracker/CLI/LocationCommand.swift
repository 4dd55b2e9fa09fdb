import Braid
import BraidLocation
import BraidLocationLive
import BraidTools
import DemoCommandLine
import Foundation
import LocationTrackerFeature

/// `braid-demo location`: the location tracker on a real NMEA source, as a screen redrawn from
/// the store, one line per fix (`--plain`), or one JSON object per fix (`--json`).
public enum LocationCommand {
  /// The command's lines of the demo's usage text.
  public static let usage = """
      location           the location tracker on an NMEA log (default: a bundled real log,
                         looped on the full screen); exits 1 when the source cannot be read
                         or a log gives no fix, 64 on wrong arguments
        --nmea FILE      replay FILE, paced by its own timestamps (a gap between fixes
                         longer than \(gap) s is replayed as \(gap) s)
        --tcp HOST:PORT  read an NMEA stream from a TCP server (reconnects when it drops)
        --gpsd [HOST:PORT]  read gpsd's reports (default 127.0.0.1:2947)
        --serial DEVICE  read a receiver on a serial device (/dev/ttyUSB0, /dev/ttyACM0)
        --baud N         the serial device's baud rate (default 4800)
        --speed N        replay N times faster, N from \(speeds) (default 1)
        --immediate      replay as fast as possible (not with --speed)
        --plain          print one line per fix (the default without a terminal)
        --json           print one gpsd-style JSON object per fix (not with --plain)
        --record FILE    record the session into a new trace file (see replay)
        --force          replace a --record file that already exists
    """

  /// The replay speeds `--speed` accepts, as the usage text writes them.
  static let speeds = String(
    format: "%g to %g", LocationSource.replaySpeeds.lowerBound, LocationSource.replaySpeeds.upperBound)
  static let gap = LocationSource.longestReplayedGap.components.seconds

  enum Output { case screen, plain, json }

  /// Runs the command with the arguments that follow `location`.
  ///
  /// - Parameters:
  ///   - arguments: The command's flags and their values.
  ///   - printUsage: Prints the demo's whole usage text; called for `--help`.
  /// - Throws: ``CommandError``: a usage error for a wrong, incomplete or conflicting flag; a runtime
  ///   error for a source that cannot be opened or read, or a log that gives no fix.
  @MainActor
  public static func run(arguments: [String], printUsage: () -> Void) async throws(CommandError) {
    var arguments = arguments
    var path: String?
    var server: (host: String, port: Int)?
    var usesGPSD = false
    var device: String?
    var baud = 4800
    var speed = 1.0
    var output: Output = isatty(1) != 0 && isatty(0) != 0 ? .screen : .plain
    // The flags given for the output and for the pace, to refuse two that contradict each other.
    var outputFlag: String?
    var paceFlag: String?
    var recordPath: String?
    var force = false
    func choose(_ flag: String, over chosen: inout String?) throws(CommandError) {
      if let chosen, chosen != flag { throw .usage("\(chosen) and \(flag) cannot be used together") }
      chosen = flag
    }
    while !arguments.isEmpty {
      let flag = arguments.removeFirst()
      switch flag {
      case "--nmea":
        guard let value = arguments.first, !value.hasPrefix("--") else { throw .usage("--nmea needs a file") }
        path = arguments.removeFirst()
      case "--tcp", "--gpsd":
        usesGPSD = flag == "--gpsd"
        if usesGPSD, arguments.first.map({ $0.hasPrefix("--") }) ?? true {
          server = ("127.0.0.1", 2947)
          continue
        }
        guard let value = arguments.first, let parsed = hostAndPort(value) else {
          throw .usage("\(flag) needs HOST:PORT")
        }
        arguments.removeFirst()
        server = parsed
      case "--serial":
        guard let value = arguments.first, !value.hasPrefix("--") else {
          throw .usage("--serial needs a device path")
        }
        device = arguments.removeFirst()
      case "--baud":
        guard let value = arguments.first.flatMap({ Int($0) }), LocationSource.baudRates.contains(value) else {
          let rates = LocationSource.baudRates.map(String.init).joined(separator: ", ")
          throw .usage("--baud needs one of \(rates)")
        }
        arguments.removeFirst()
        baud = value
      case "--speed":
        guard let value = arguments.first.flatMap(Double.init), LocationSource.replaySpeeds.contains(value) else {
          throw .usage("--speed needs a number from \(speeds)")
        }
        arguments.removeFirst()
        try choose(flag, over: &paceFlag)
        speed = value
      case "--immediate":
        try choose(flag, over: &paceFlag)
        speed = 0
      case "--plain", "--json":
        try choose(flag, over: &outputFlag)
        output = flag == "--plain" ? .plain : .json
      case "--record":
        guard let value = arguments.first, !value.hasPrefix("--") else { throw .usage("--record needs a file") }
        recordPath = arguments.removeFirst()
      case "--force":
        force = true
      case "--help", "-h":
        printUsage()
        return
      default:
        throw .usage("unknown option '\(flag)'")
      }
    }
    if [path != nil, server != nil, device != nil].filter({ $0 }).count > 1 {
      throw .usage("choose one source: --nmea, --tcp, --gpsd or --serial")
    }
    let bundled = path == nil && server == nil && device == nil ? try writeBundledLog() : nil
    defer { if let bundled { try? FileManager.default.removeItem(atPath: bundled) } }
    let source: LocationSource
    // The bundled log is a short sample: on the screen it starts over instead of ending.
    let loops = bundled != nil && output == .screen
    if let server {
      source = usesGPSD ? .gpsd(host: server.host, port: server.port) : .nmeaTCP(host: server.host, port: server.port)
    } else if let device {
      source = .serial(path: device, baud: baud)
    } else {
      source = .nmeaFile(path: path ?? bundled ?? "", speed: speed, loop: loops)
    }
    let client = LocationClient.live(source: source)
    let opened = device ?? path ?? ""
    switch client.authorizationStatus() {
    case .unavailable:
      var isDirectory: ObjCBool = false
      let reason =
        FileManager.default.fileExists(atPath: opened, isDirectory: &isDirectory) && isDirectory.boolValue
        ? "is a directory" : device == nil ? "no such file" : "no such device"
      throw .runtime("cannot open '\(opened)': \(reason)")
    case .denied: throw .runtime("cannot open '\(opened)': permission denied")
    case .authorizedWhenInUse, .notDetermined: break
    }
    // A live stream runs until SIGINT or SIGTERM: the recording then gets the whole session.
    let recording = try recordPath.map { path throws(CommandError) in
      try SessionRecording<LocationTracker.State, LocationTracker.Action>(
        feature: "LocationTracker", initialState: LocationTracker.State(), path: path, replacing: force,
        keyframeInterval: 100)
    }
    let name =
      server.map { "\(usesGPSD ? "gpsd" : "tcp") \($0.host):\($0.port)" } ?? device.map {
        "serial \($0) at \(baud) baud"
      } ?? path ?? "bundled log \(BundledLog.name)"
    let isStream = server != nil || device != nil
    guard let recording else {
      try await track(client: client, inspector: nil, output: output, isStream: isStream, name: name, loops: loops)
      return
    }
    do {
      try await recording.session { [output] in
        try await track(
          client: client, inspector: recording.inspector, output: output, isStream: isStream, name: name, loops: loops)
      }
    } catch let error as CommandError {
      throw error
    } catch {
      throw .runtime("\(error)")
    }
  }

  /// Runs the tracker on `client` until its log ends (or, for a stream or the screen, until
  /// the user stops it); its store is released before the recording closes.
  @MainActor
  private static func track(
    client: LocationClient, inspector: StoreInspector<LocationTracker.State, LocationTracker.Action>?,
    output: Output, isStream: Bool, name: String, loops: Bool
  ) async throws(CommandError) {
    let store = Store(initialState: LocationTracker.State(), inspector: inspector) {
      LocationTracker()
    } withDependencies: {
      $0.locationClient = client
    }
    switch output {
    case .screen: await runScreen(store, source: name, isLooping: loops)
    case .plain, .json:
      try await printFixes(store, json: output == .json, isStream: isStream, name: name)
    }
  }

  /// Prints each fix as it arrives until the log ends (a stream runs until interrupted).
  ///
  /// - Throws: A runtime ``CommandError`` when a log cannot be read or gives no fix, or a stream
  ///   cannot be opened before its first fix; a stream that goes away later is reported and
  ///   reopened.
  @MainActor
  static func printFixes(
    _ store: Store<LocationTracker.State, LocationTracker.Action>,
    json: Bool,
    isStream: Bool,
    name: String
  ) async throws(CommandError) {
    store.send(.toggleTrackingTapped)
    var printed = 0
    var reported: LocationError?
    for await state in store.values(of: \.self) {
      if state.fixCount > printed, let fix = state.current {
        // Written at once: `print` to a pipe would hold a live stream's lines back until 4 KiB
        // had gathered.
        FileHandle.standardOutput.write(
          Data(((json ? LocationScreen.json(fix) : LocationScreen.line(fix)) + "\n").utf8))
        printed = state.fixCount
      }
      if let error = state.error, error != reported, !isStream {
        // A replay ends at its first error: the end of the log, or a log it cannot read.
        store.dismount()
        guard case .disconnected = error else { throw .runtime(error.description) }
        guard printed == 0 else { return }
        let lines = state.source.linesRead
        throw .runtime(
          lines == 0
            ? "no fix in '\(name)': the file is empty"
            : "no fix in '\(name)': \(lines) line\(lines == 1 ? "" : "s") read, none was a fix")
      }
      if let error = state.error, error != reported, isStream {
        if printed == 0, error.meansTheSourceCannotBeOpened {
          store.dismount()
          throw .runtime(error.description)
        }
        FileHandle.standardError.write(Data("braid-demo: \(error)\n".utf8))
      }
      // A network stream reconnects, so it runs until interrupted.
      reported = state.error
    }
    store.dismount()
  }

  /// Shows the screen, redrawn on every change, and reads commands from standard input.
  @MainActor
  static func runScreen(
    _ store: Store<LocationTracker.State, LocationTracker.Action>, source: String, isLooping: Bool
  ) async {
    let token = store.observe(\.self) { state in
      print("\u{1B}[2J\u{1B}[H" + LocationScreen.screen(state, source: source, isLooping: isLooping))
    }
    store.send(.toggleTrackingTapped)
    let lines = CommandInput.lines()
    for await line in lines {
      switch line.trimmingCharacters(in: .whitespaces) {
      case "s": store.send(.toggleTrackingTapped)
      case "r": store.send(.requestOneFixTapped)
      case "q": break
      default: continue
      }
      if line.trimmingCharacters(in: .whitespaces) == "q" { break }
    }
    token.cancel()
    store.dismount()
  }

  /// `HOST:PORT` split at its last colon, with a port from 1 to 65535.
  static func hostAndPort(_ text: String) -> (host: String, port: Int)? {
    guard let colon = text.lastIndex(of: ":"), colon != text.startIndex,
      let port = Int(text[text.index(after: colon)...]), (1...65535).contains(port)
    else { return nil }
    return (String(text[..<colon]), port)
  }

  /// Writes the bundled log to a temporary file and returns its path.
  package static func writeBundledLog() throws(CommandError) -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "braid-\(UUID().uuidString)-\(BundledLog.name)")
    do {
      try Data(BundledLog.text.utf8).write(to: url)
    } catch {
      throw .runtime("cannot write the bundled log to \(url.path): \(error)")
    }
    return url.path
  }
}

extension LocationError {
  /// Whether the source could not be opened at all (as opposed to going away after it was).
  fileprivate var meansTheSourceCannotBeOpened: Bool {
    switch self {
    case .sourceUnavailable, .permissionDenied, .malformedInput: true
    case .locationUnknown, .disconnected, .notCreated: false
    }
  }
}
