/// Bounds on what one client may make a line server (`serve`) hold.
public struct ServerLimits: Sendable {
  /// The longest line, in bytes; a longer one is answered with an error and skipped.
  public var lineLength = 4_096
  /// The most output that may wait for a client to read it; past it, the client is
  /// disconnected. While half of it waits, the server handles none of the client's next lines,
  /// so a client that reads is paced by its output rather than disconnected.
  public var pendingOutput = 256 * 1_024
  /// How long one write may wait for a client to take its output before the client is
  /// disconnected.
  public var sendTimeout = Duration.seconds(10)
  /// The kernel's send buffer for each connection, in bytes (Linux doubles it): with
  /// ``pendingOutput`` it bounds what a client that does not read makes the server hold.
  /// Left to itself the kernel grows it to megabytes per connection.
  public var socketSendBuffer: Int32 = 64 * 1_024
  /// How long a connection may go without sending a line, on the server's clock, while the
  /// server waits for one (a running `wait` does not count): then the client is told so and
  /// the connection closes. Five minutes.
  public var idleTimeout = Duration.seconds(300)

  /// The defaults.
  public init() {}
}
