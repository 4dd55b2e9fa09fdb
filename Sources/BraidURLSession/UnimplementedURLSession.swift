import Braid
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The URL session tests get for `@Dependency(\.urlSession)` until they override it: every
/// request fails at once, without touching the network, with ``Failure``, which names the URL.
///
/// The failure is an error, not a reported issue: the request is answered on a thread of the
/// session's own, outside the test's task, and the error reaches the test through the effect
/// that loaded (its `catch:` handler, or the unhandled-error report).
public enum UnimplementedURLSession {
  /// What a request through the unimplemented session fails with.
  public struct Failure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The URL that was requested.
    public let url: URL?

    /// Says what was requested and how to fix the test.
    public var description: String {
      """
      Unimplemented: @Dependency(\\.urlSession) was asked to load \(url?.absoluteString ?? "a request without a URL"). \
      Override it in this test with withDependencies, for example with a URLSession whose \
      configuration's protocolClasses answer the request.
      """
    }
  }

  /// A session whose every request fails with ``Failure``.
  public static var session: URLSession {
    let configuration = URLSessionConfiguration.ephemeral
    configuration.protocolClasses = [Refusal.self]
    return URLSession(configuration: configuration)
  }

  /// Answers every request with ``Failure``.
  final class Refusal: URLProtocol {
    override class func canInit(with request: URLRequest) -> Bool { true }

    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override func startLoading() {
      client?.urlProtocol(self, didFailWithError: Failure(url: request.url))
    }

    override func stopLoading() {}
  }
}
