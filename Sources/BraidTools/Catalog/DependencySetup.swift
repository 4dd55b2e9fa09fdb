import Braid

/// The dependencies a feature's reducer needs while the tools reduce it, declared once for
/// both places they are needed: the closure that sets them up for replay, timelines and
/// exploration, and the same setup as Swift source for a test emitted from a trace.
///
/// Effects are never run by replay, but a reducer may capture a client to build them, and an
/// emitted test with described effects asserts their shape. So the setup usually installs a
/// test client whose effects are shaped as the live one's:
///
/// ```swift
/// DependencySetup(imports: ["BraidLocation"], "$0.locationClient = LocationClient.controlled().client") {
///   $0.locationClient = LocationClient.controlled().client
/// }
/// ```
///
/// The source and the closure are kept side by side in one value, so they are read, reviewed
/// and changed together; a test emitted from a trace and run (as `Scripts/user-package-test.sh`
/// does) proves that the source compiles.
public struct DependencySetup {
  /// The modules the emitted statements need, besides those every emitted test imports.
  public let imports: [String]
  /// The setup as statements of a `withDependencies` closure, one per line (`$0.x = .noop`).
  public let statements: [String]
  /// The setup itself.
  public let apply: (inout DependencyValues) -> Void

  /// A setup.
  ///
  /// - Parameters:
  ///   - imports: The modules `statements` need.
  ///   - statements: The setup as Swift statements on `$0`, a `DependencyValues`.
  ///   - apply: The same setup, as a closure.
  public init(imports: [String] = [], _ statements: String..., apply: @escaping (inout DependencyValues) -> Void) {
    self.imports = imports
    self.statements = statements
    self.apply = apply
  }

  /// No setup: the reducer reads no dependency while it reduces.
  public static var none: DependencySetup { DependencySetup { _ in } }
}
