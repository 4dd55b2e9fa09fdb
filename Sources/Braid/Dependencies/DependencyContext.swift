import Foundation

/// Which values dependencies resolve to: live ones, test ones or preview ones.
public enum DependencyContext: Sendable, Equatable {
  /// The application is running for real: ``DependencyKey/liveValue``.
  case live
  /// A test is running: ``TestDependencyKey/testValue``.
  case test
  /// A preview or demo is running: ``TestDependencyKey/previewValue``.
  case preview

  /// The context of this process: ``test`` when it is a test runner (XCTest or Swift Testing
  /// under `swift test`), ``preview`` when the `BRAID_CONTEXT` environment variable says
  /// `preview`, ``live`` otherwise.
  public static let current: DependencyContext = {
    let environment = ProcessInfo.processInfo.environment
    switch environment["BRAID_CONTEXT"] {
    case "live": return .live
    case "test": return .test
    case "preview": return .preview
    default: break
    }
    if isTestProcess(arguments: CommandLine.arguments, environment: environment) { return .test }
    return .live
  }()

  /// Whether a process with these arguments and environment is a test runner.
  ///
  /// `swift test` runs a `<Package>PackageTests.xctest` bundle on Linux and through `xctest` on
  /// macOS; Xcode sets `XCTestConfigurationFilePath` or `XCTestSessionIdentifier`.
  package static func isTestProcessForTesting(arguments: [String], environment: [String: String]) -> Bool {
    isTestProcess(arguments: arguments, environment: environment)
  }

  static func isTestProcess(arguments: [String], environment: [String: String]) -> Bool {
    if environment["XCTestConfigurationFilePath"] != nil || environment["XCTestSessionIdentifier"] != nil {
      return true
    }
    guard let executable = arguments.first else { return false }
    let name = URL(fileURLWithPath: executable).lastPathComponent
    return name.hasSuffix(".xctest") || name == "xctest" || arguments.contains { $0.hasSuffix(".xctest") }
  }
}
