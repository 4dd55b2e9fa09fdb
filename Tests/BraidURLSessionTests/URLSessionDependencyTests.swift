import Braid
import BraidURLSession
import Foundation
import Testing

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

struct URLSessionDependencyTests {
  /// A test that never overrides `urlSession` cannot reach the network: the request fails with
  /// the unimplemented session's error, naming the URL.
  @Test func anUnoverriddenSessionFailsEveryRequestWithoutTheNetwork() async {
    let session = withDependencies { _ in
    } operation: {
      DependencyValues.current.urlSession
    }
    let url = URL(string: "https://example.com/facts/42")!
    do {
      _ = try await session.data(from: url)
      Issue.record("the request succeeded")
    } catch {
      #expect(
        "\(error)".contains("Unimplemented: @Dependency(\\.urlSession) was asked to load https://example.com/facts/42"),
        "\(error)")
    }
  }

  @Test func anOverrideIsTheSessionInForce() {
    let configured = URLSession(configuration: .ephemeral)
    let session = withDependencies {
      $0.urlSession = configured
    } operation: {
      DependencyValues.current.urlSession
    }
    #expect(session === configured)
  }
}
