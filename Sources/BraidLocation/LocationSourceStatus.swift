/// How a manager's source is doing: whether it is open, and how much of what it sent was used.
///
/// A live manager reports it with ``LocationManager/Action/didUpdateSourceStatus(_:)`` when the
/// source opens or closes and, while it reads, with each fix it decodes (whether or not the
/// fix is delivered), so a feature can show a receiver's health next to its position.
public struct LocationSourceStatus: Sendable, Equatable, Codable {
  /// Whether the source is open (a file being replayed, a connected stream or device).
  public var isOpen: Bool
  /// Lines read from the source since the manager started, over every connection.
  public var linesRead: Int
  /// Lines that gave nothing: sentence types the reader does not decode, proprietary
  /// sentences, bad checksums, garbage, and gpsd's reports other than fixes.
  public var linesSkipped: Int

  /// Creates a status.
  ///
  /// - Parameters:
  ///   - isOpen: Whether the source is open.
  ///   - linesRead: Lines read so far.
  ///   - linesSkipped: Lines that gave nothing.
  public init(isOpen: Bool = false, linesRead: Int = 0, linesSkipped: Int = 0) {
    self.isOpen = isOpen
    self.linesRead = linesRead
    self.linesSkipped = linesSkipped
  }
}
