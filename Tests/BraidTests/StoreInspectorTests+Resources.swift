import Braid
import BraidTestSupport
import Testing

/// A delegate-style client's resource in the stream: inserted when its effect subscribes,
/// commanded, and torn down when the effect is cancelled or restarted under the same id.
extension StoreInspectorTests {
  @Test func aClientsResourceIsInsertedCommandedAndTornDown() async {
    let log = EventLog<Managed.State, Managed.Action>()
    let managers = EffectResources<Manager>()
    let store = Store(initialState: Managed.State(), inspector: log.inspector()) { Managed(managers: managers) }
    store.send(.start)
    store.send(.ping)
    store.send(.start)
    store.send(.stop)
    #expect(managers.count == 0)
    #expect(
      log.lines() == [
        "#1 mounted",
        "#2 action .start (external)",
        "#3 state",
        "#4 effect 1 started: subscribe id manager by #2",
        "#5 resource Manager id manager inserted by effect 1",
        "#6 action .ping (external)",
        "#7 state",
        "#8 resource Manager id manager commanded",
        "#9 action .start (external)",
        "#10 state",
        "#11 resource Manager id manager torn down by effect 1",
        "#12 effect 1 cancelled",
        "#13 effect 2 started: subscribe id manager by #9",
        "#14 resource Manager id manager inserted by effect 2",
        "#15 action .stop (external)",
        "#16 state",
        "#17 resource Manager id manager torn down by effect 2",
        "#18 effect 2 cancelled",
      ])
  }

  /// A client's resource: counts the commands it gets.
  final class Manager: Sendable {
    let pings = Recorder<Int>()
  }

  /// Starts a client that keeps a ``Manager`` under the id `manager`, pings it, stops it.
  struct Managed: Reducer {
    struct State: Equatable, Sendable {}
    enum Action: Equatable, Sendable { case start, ping, stop }
    let managers: EffectResources<Manager>

    var body: some Reducer<State, Action> {
      Reduce { _, action in
        switch action {
        case .start:
          return .subscribe { [managers] subscriber in
            managers.insert(Manager(), for: "manager", subscriber: subscriber)
          }
          .cancellable(id: "manager", cancelInFlight: true)
        case .ping:
          return managers.command("manager") { $0.pings.append(1) }.fireAndForget()
        case .stop:
          return .cancel(id: "manager")
        }
      }
    }
  }
}
