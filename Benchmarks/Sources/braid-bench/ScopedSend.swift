import Braid

/// A reducer the floor can run by hand: the action routed with `if case` and the state
/// mutated in place, no store, no closures.
protocol HandRoutable: Reducer {
  static func handReduce(_ state: inout State, _ action: Action)
}

extension RootFeature: HandRoutable {
  static func handReduce(_ state: inout State, _ action: Action) {
    switch action {
    case .increment: state.count += 1
    }
  }
}

/// One level of nesting: the child's state at `\.child`, its actions in `Action.child`.
struct Nest<Child: Reducer>: Reducer where Child.State: Sendable {
  struct State: Sendable {
    var child: Child.State
  }

  enum Action: Sendable {
    case child(Child.Action)
  }

  let makeChild: @Sendable () -> Child

  var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { makeChild() }
  }
}

extension Nest: HandRoutable where Child: HandRoutable {
  static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action {
      Child.handReduce(&state.child, childAction)
    }
  }
}

extension Store {
  /// One level down: `scope(state: \.child, action: /Nest<Child>.Action.child)`.
  func child<Child>() -> Store<Child.State, Child.Action>
  where State == Nest<Child>.State, Action == Nest<Child>.Action {
    scope(state: \.child, action: /Nest<Child>.Action.child)
  }
}

/// `Nest` around the child `makeChild` builds.
func nest<C: Reducer>(_ makeChild: @escaping @Sendable () -> C) -> Nest<C> {
  Nest(makeChild: makeChild)
}

typealias D1 = Nest<RootFeature>
typealias D2 = Nest<D1>
typealias D3 = Nest<D2>
typealias D4 = Nest<D3>
typealias D5 = Nest<D4>
typealias D6 = Nest<D5>
typealias D7 = Nest<D6>
typealias D8 = Nest<D7>
typealias D9 = Nest<D8>
typealias D10 = Nest<D9>

@inline(never)
func handReduceFloor<R: HandRoutable>(_ type: R.Type, _ state: inout R.State, _ action: R.Action) {
  R.handReduce(&state, action)
}

@MainActor
private func scopedRow(
  _ config: Config,
  depth: Int,
  operations: Int,
  makeStore: () -> (store: Store<RootFeature.State, RootFeature.Action>, root: AnyObject),
  floor: @escaping (Int) -> Void
) -> Row {
  let braid = measure(config, operations: operations) { n in
    let (leaf, root) = makeStore()
    var seen = 0
    let token = leaf.observe(\.count) { seen = $0 }
    for _ in 0..<n { leaf.send(.increment) }
    precondition(seen == n)
    token.cancel()
    blackHole(root)
  }
  let floorStats = measure(config, operations: operations, floor)
  return Row(
    workload: "scoped-send", name: "scoped send depth \(depth)", operations: operations,
    braid: braid, floor: floorStats, reference: "root send"
  )
}

@MainActor
func scopedSendRows(_ config: Config) -> [Row] {
  let operations = config.operations(1_000_000)
  let leafState = RootFeature.State()

  let depth1 = scopedRow(
    config, depth: 1, operations: operations,
    makeStore: {
      let store = Store(initialState: D1.State(child: leafState)) { nest { RootFeature() } }
      return (store.child(), store)
    },
    floor: { n in
      var state = D1.State(child: leafState)
      let action = D1.Action.child(.increment)
      for _ in 0..<n { handReduceFloor(D1.self, &state, action) }
      precondition(state.child.count == n)
    })

  let depth5 = scopedRow(
    config, depth: 5, operations: operations,
    makeStore: {
      let initial = D5.State(child: .init(child: .init(child: .init(child: .init(child: leafState)))))
      let store = Store(initialState: initial) {
        nest { nest { nest { nest { nest { RootFeature() } } } } }
      }
      let leaf: Store<RootFeature.State, RootFeature.Action> =
        store.child().child().child().child().child()
      return (leaf, store)
    },
    floor: { n in
      var state = D5.State(child: .init(child: .init(child: .init(child: .init(child: leafState)))))
      let action = D5.Action.child(.child(.child(.child(.child(.increment)))))
      for _ in 0..<n { handReduceFloor(D5.self, &state, action) }
      precondition(state.child.child.child.child.child.count == n)
    })

  let depth10 = scopedRow(
    config, depth: 10, operations: operations,
    makeStore: {
      let five = D5.State(child: .init(child: .init(child: .init(child: .init(child: leafState)))))
      let initial = D10.State(child: .init(child: .init(child: .init(child: .init(child: five)))))
      let store = Store(initialState: initial) {
        nest { nest { nest { nest { nest { nest { nest { nest { nest { nest { RootFeature() } } } } } } } } } }
      }
      let leaf: Store<RootFeature.State, RootFeature.Action> =
        store.child().child().child().child().child().child().child().child().child().child()
      return (leaf, store)
    },
    floor: { n in
      let five = D5.State(child: .init(child: .init(child: .init(child: .init(child: leafState)))))
      var state = D10.State(child: .init(child: .init(child: .init(child: .init(child: five)))))
      let action = D10.Action.child(.child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
      for _ in 0..<n { handReduceFloor(D10.self, &state, action) }
      precondition(state.child.child.child.child.child.child.child.child.child.child.count == n)
    })

  return [depth1, depth5, depth10]
}
