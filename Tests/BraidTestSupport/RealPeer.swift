import Foundation
import Testing

/// Real programs some tests run against (gpsd, the `sqlite3` shell): on a developer's machine a
/// test whose peer is missing is skipped and says how to install it; under `CI=true` it runs
/// and fails, so a CI machine without the peer cannot pass by skipping.
package enum RealPeer {
  /// Whether missing peers fail tests instead of skipping them: `CI` is `true` in
  /// `environment`, as `.ci/run` sets it.
  package static func isRequired(in environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    environment["CI"] == "true"
  }
}

extension Trait where Self == ConditionTrait {
  /// Runs the test when `peer` is installed, or always under `CI=true` (where the test then
  /// fails on the missing peer); skips it otherwise, saying which Debian package to install.
  ///
  /// - Parameters:
  ///   - peer: The program, as a reader knows it (`gpsd`, `the sqlite3 shell`).
  ///   - isInstalled: Whether it is installed here.
  ///   - package: The Debian package that installs it.
  ///   - environment: Where `CI` is read.
  package static func needs(
    _ peer: String,
    isInstalled: Bool,
    package: String,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Self {
    .enabled(
      if: isInstalled || RealPeer.isRequired(in: environment),
      "\(peer) is not installed (apt-get install \(package)); under CI=true this test fails instead")
  }
}
