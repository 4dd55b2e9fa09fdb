// The web-socket case study's four tests, written as TCA's documentation shows them: each
// receives actions through case paths to cases with one labelled value.
import Braid
import BraidTesting  // was: import ComposableArchitecture
import Foundation
import Testing

@MainActor
@Suite(.checksStoreLeaks)
struct PortedWebSocketTests {
  /// A socket the test drives: what the client's streams yield, and what it was asked to send.
  final class TestSocket: Sendable {
    let actions = AsyncStream.makeStream(of: WebSocketClient.Action.self)
    let messages = AsyncStream.makeStream(of: Result<String, SocketFailure>.self)
    let sent = LockedStrings()
    let pings = LockedStrings()

    func client(sendFails: Bool = false) -> WebSocketClient {
      WebSocketClient(
        open: { _, _ in self.actions.stream },
        receive: { self.messages.stream },
        send: { message in
          if sendFails { throw SocketFailure() }
          self.sent.append(message)
        },
        sendPing: { self.pings.append("ping") }
      )
    }
  }

  @Test func happyPath() async {
    let socket = TestSocket()
    let store = TestStore(initialState: WebSocket.State()) {
      WebSocket()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.webSocket = socket.client()
    }
    await store.send(.connectButtonTapped) { $0.connectivity = .connecting }
    socket.actions.continuation.yield(.didOpen(protocol: nil))
    await store.receive(/WebSocket.Action.webSocket, .didOpen(protocol: nil)) { $0.connectivity = .connected }

    await store.send(.messageToSendChanged("Hi")) { $0.messageToSend = "Hi" }
    await store.send(.sendButtonTapped) { $0.messageToSend = "" }
    await store.receive(/WebSocket.Action.sendResponse, true)
    #expect(socket.sent.values == ["Hi"])

    socket.messages.continuation.yield(.success("Hi"))
    await store.receive(/WebSocket.Action.receivedSocketMessage) { $0.receivedMessages = ["Hi"] }

    await store.send(.connectButtonTapped) { $0.connectivity = .disconnected }
    await store.finish()
  }

  @Test func sendFailure() async {
    let socket = TestSocket()
    let store = TestStore(initialState: WebSocket.State()) {
      WebSocket()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.webSocket = socket.client(sendFails: true)
    }
    await store.send(.connectButtonTapped) { $0.connectivity = .connecting }
    socket.actions.continuation.yield(.didOpen(protocol: "wss"))
    await store.receive(/WebSocket.Action.webSocket, .didOpen(protocol: "wss")) { $0.connectivity = .connected }

    await store.send(.messageToSendChanged("Hi")) { $0.messageToSend = "Hi" }
    await store.send(.sendButtonTapped) { $0.messageToSend = "" }
    await store.receive(/WebSocket.Action.sendResponse, false) {
      $0.alert = "Could not send socket message. Connect to the server first, and try again."
    }

    await store.send(.connectButtonTapped) { $0.connectivity = .disconnected }
    await store.finish()
  }

  @Test func pings() async {
    let socket = TestSocket()
    let clock = TestClock()
    let store = TestStore(initialState: WebSocket.State()) {
      WebSocket()
    } withDependencies: {
      $0.continuousClock = clock
      $0.webSocket = socket.client()
    }
    await store.send(.connectButtonTapped) { $0.connectivity = .connecting }
    socket.actions.continuation.yield(.didOpen(protocol: nil))
    await store.receive(/WebSocket.Action.webSocket) { $0.connectivity = .connected }

    #expect(socket.pings.values.isEmpty)
    await clock.advance(by: .seconds(10))
    #expect(socket.pings.values == ["ping"])
    await clock.advance(by: .seconds(25))
    #expect(socket.pings.values == ["ping", "ping", "ping"])

    await store.send(.connectButtonTapped) { $0.connectivity = .disconnected }
    await store.finish()
  }

  @Test func connectError() async {
    let socket = TestSocket()
    let store = TestStore(initialState: WebSocket.State()) {
      WebSocket()
    } withDependencies: {
      $0.continuousClock = TestClock()
      $0.webSocket = socket.client()
    }
    await store.send(.connectButtonTapped) { $0.connectivity = .connecting }
    socket.actions.continuation.yield(.didClose(code: 1006, reason: nil))
    await store.receive(/WebSocket.Action.webSocket, .didClose(code: 1006, reason: nil)) {
      $0.connectivity = .disconnected
    }
    await store.finish()
  }
}
