// TCA's web-socket case study as its documentation describes it, written against Braid: its
// client's actions and its own answers are cases with one labelled value
// (`didOpen(protocol:)`, `sendResponse(didSucceed:)`), which case paths must read.
import Braid
import Foundation

struct SocketFailure: Error, Equatable, Sendable {}

struct WebSocketClient: Sendable {
  enum Action: Equatable, Sendable {
    case didOpen(protocol: String?)
    case didClose(code: Int, reason: String?)
  }

  var open: @Sendable (_ url: String, _ protocols: [String]) async -> AsyncStream<Action>
  var receive: @Sendable () async -> AsyncStream<Result<String, SocketFailure>>
  var send: @Sendable (_ message: String) async throws -> Void
  var sendPing: @Sendable () async throws -> Void
}

extension WebSocketClient: TestDependencyKey {
  static let testValue = WebSocketClient(
    open: unimplemented("WebSocketClient.open", placeholder: AsyncStream { $0.finish() }),
    receive: unimplemented("WebSocketClient.receive", placeholder: AsyncStream { $0.finish() }),
    send: unimplemented("WebSocketClient.send"),
    sendPing: unimplemented("WebSocketClient.sendPing")
  )
}

extension DependencyValues {
  var webSocket: WebSocketClient {
    get { self[WebSocketClient.self] }
    set { self[WebSocketClient.self] = newValue }
  }
}

// was: @Reducer
struct WebSocket: Reducer {
  struct State: Equatable {
    var alert: String?
    var connectivity = Connectivity.disconnected
    var messageToSend = ""
    var receivedMessages: [String] = []

    enum Connectivity: Equatable { case connected, connecting, disconnected }
  }

  enum Action: Equatable, Sendable {
    case connectButtonTapped
    case messageToSendChanged(String)
    case receivedSocketMessage(Result<String, SocketFailure>)
    case sendButtonTapped
    case sendResponse(didSucceed: Bool)
    case webSocket(WebSocketClient.Action)
  }

  enum CancelID { case webSocket }

  @Dependency(\.continuousClock) var clock
  @Dependency(\.webSocket) var webSocket

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .connectButtonTapped:
      guard state.connectivity == .disconnected else {
        state.connectivity = .disconnected
        return .cancel(id: CancelID.webSocket)
      }
      state.connectivity = .connecting
      return .run { [clock, webSocket] send in
        let actions = await webSocket.open("wss://echo.example", [])
        await withTaskGroup(of: Void.self) { group in
          for await action in actions {
            await send(.webSocket(action))
            switch action {
            case .didOpen:
              group.addTask {
                while !Task.isCancelled {
                  try? await clock.sleep(for: .seconds(10))
                  try? await webSocket.sendPing()
                }
              }
              group.addTask {
                for await result in await webSocket.receive() {
                  await send(.receivedSocketMessage(result))
                }
              }
            case .didClose:
              return
            }
          }
        }
      }
      .cancellable(id: CancelID.webSocket)

    case .messageToSendChanged(let message):
      state.messageToSend = message
      return .none

    case .receivedSocketMessage(.success(let message)):
      state.receivedMessages.append(message)
      return .none

    case .receivedSocketMessage(.failure):
      return .none

    case .sendButtonTapped:
      let message = state.messageToSend
      state.messageToSend = ""
      return .run { [webSocket] send in
        do {
          try await webSocket.send(message)
          await send(.sendResponse(didSucceed: true))
        } catch {
          await send(.sendResponse(didSucceed: false))
        }
      }
      .cancellable(id: CancelID.webSocket)

    case .sendResponse(didSucceed: false):
      state.alert = "Could not send socket message. Connect to the server first, and try again."
      return .none

    case .sendResponse(didSucceed: true):
      return .none

    case .webSocket(.didClose):
      state.connectivity = .disconnected
      return .cancel(id: CancelID.webSocket)

    case .webSocket(.didOpen):
      state.connectivity = .connected
      state.receivedMessages.removeAll()
      return .none
    }
  }
}
