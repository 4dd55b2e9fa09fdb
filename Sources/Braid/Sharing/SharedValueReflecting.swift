/// A shared value as a value dump and a test store's snapshots read it: the value it holds
/// now, not the reference, and the reference's whole value, recorded so that an assertion can
/// start from it (``SharedAssertionValues``).
package protocol SharedValueReflecting {
  /// The reference's identity and its whole value now.
  var sharedRoot: (id: ObjectIdentifier, value: Any) { get }
  /// The value this holds now.
  var sharedValue: Any { get }
}
