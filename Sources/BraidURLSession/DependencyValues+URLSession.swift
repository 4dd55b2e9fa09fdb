import Braid
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

extension DependencyValues {
  /// The URL session a feature loads with: `URLSession.shared` when the application runs; in
  /// tests, ``UnimplementedURLSession/session``, whose every request fails with
  /// ``UnimplementedURLSession/Failure``, until the test overrides it.
  ///
  /// It lives in a module of its own, `BraidURLSession`, because on Linux `URLSession` comes
  /// with FoundationNetworking, which a feature that never loads a URL should not have to link.
  ///
  /// ```swift
  /// @Dependency(\.urlSession) var urlSession
  ///
  /// return .run { send in
  ///   let (data, _) = try await urlSession.data(from: url)
  ///   await send(.loaded(data))
  /// }
  /// ```
  public var urlSession: URLSession {
    get { self[URLSessionKey.self] }
    set { self[URLSessionKey.self] = newValue }
  }
}

private enum URLSessionKey: DependencyKey {
  static let liveValue = URLSession.shared
  static var testValue: URLSession { UnimplementedURLSession.session }
  static var previewValue: URLSession { URLSession.shared }
}
