/// Where a live `LocationClient` reads fixes from.
public enum LocationSource: Sendable, Equatable {
  /// An NMEA 0183 log replayed from a file.
  ///
  /// - `path`: the file.
  /// - `speed`: how many times faster than the sentences' own timestamps to replay, within
  ///   ``replaySpeeds`` (a speed outside it is clamped into it); `0` replays as fast as possible.
  ///   A gap between two fixes longer than ``longestReplayedGap`` is replayed as that long.
  /// - `loop`: whether to start over at the end instead of reporting the source disconnected.
  case nmeaFile(path: String, speed: Double = 1, loop: Bool = false)

  /// The speeds a replay runs at: from a hundredth of real time to a thousand times faster
  /// (a 10 Hz log then gives 10 000 fixes a second; replay as fast as possible beyond that).
  public static let replaySpeeds: ClosedRange<Double> = 0.01...1000

  /// The longest gap between two fixes that a replay reproduces, before the speed divides it:
  /// a log where the receiver lost its fix for minutes goes on after this pause instead.
  public static let longestReplayedGap = Duration.seconds(2)

  /// An NMEA 0183 stream from a TCP server (a receiver's network port, `gpspipe -r` behind
  /// `nc -l`, a marine gateway). When the connection ends the manager reports it disconnected
  /// and reconnects after 1, 2, 4… seconds (at most 30) on the injected clock.
  case nmeaTCP(host: String, port: Int)

  /// An NMEA 0183 receiver on a serial device (`/dev/ttyUSB0`, `/dev/ttyACM0`), read in raw
  /// mode at `baud` (4800 is the NMEA 0183 standard rate; many USB receivers send 9600 or more).
  /// When the device goes away (unplugged) the manager reports it disconnected and opens it
  /// again like ``nmeaTCP(host:port:)``.
  case serial(path: String, baud: Int = 4800)

  /// The baud rates ``serial(path:baud:)`` accepts, slowest first.
  public static var baudRates: [Int] { LineConnection.baudRates.keys.sorted() }

  /// gpsd's JSON protocol (`?WATCH={"enable":true,"json":true}`), by default on
  /// `127.0.0.1:2947`: every `TPV` report with a fix and a time. Reconnects like ``nmeaTCP(host:port:)``.
  ///
  /// The manager holds one connection to gpsd for as long as it reads. gpsd itself closes a
  /// client it can write only part of a report to (its socket buffer full: a reader starved of
  /// the processor for long enough); the manager then reports `LocationError.disconnected`, a
  /// status with `isOpen` false, and reconnects after ``LocationSourceBackoff``'s first wait,
  /// losing the reports of that second.
  case gpsd(host: String = "127.0.0.1", port: Int = 2947)
}
