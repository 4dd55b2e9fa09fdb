/// How long a source that went away (a TCP stream, gpsd, a serial device) waits before it is
/// opened again.
public enum LocationSourceBackoff {
  /// The wait before the `attempt`-th reconnection (1-based): 1, 2, 4, 8, 16, then 30 seconds.
  ///
  /// - Parameter attempt: How many attempts in a row have failed.
  /// - Returns: The wait.
  public static func wait(attempt: Int) -> Duration {
    .seconds(min(30, 1 << min(max(attempt - 1, 0), 5)))
  }
}
