import Braid

/// The synchronous workloads, each a function of its operation count, so that `braid-bench`
/// times them and `braid-count` runs them under callgrind. Every one checks its result.
///
/// Names: `<row>` is Braid, `<row>.floor` the hand-written floor, `<row>.peer` a peer.
@MainActor
public let sendKernels: [String: @MainActor (Int) -> Void] = {
  var kernels: [String: @MainActor (Int) -> Void] = [
    "root-send": rootSend,
    "root-send.floor": rootSendFloor,
    "root-send.peer": closureStoreSend,
    "root-send-dependencies": rootSendWithDependencies,
    "root-send-inspected": rootSendInspected,
    "large-state": largeStateSend,
    "large-state-inspected": largeStateSendInspected,
  ]
  for depth in [1, 5, 10] {
    kernels["scoped-plain-\(depth)"] = { scopedPlain(depth: depth, $0) }
    kernels["embedded-plain-\(depth)"] = { embeddedPlain(depth: depth, $0) }
    kernels["scoped-generic-\(depth)"] = { scopedGeneric(depth: depth, $0) }
    kernels["embedded-generic-\(depth)"] = { embeddedGeneric(depth: depth, $0) }
    kernels["nested-\(depth).floor"] = { nestedFloor(depth: depth, $0) }
    kernels["scoped-plain-\(depth).peer"] = { scopedClosureStoreSend(depth: depth, $0) }
  }
  for rows in [10, 1_000, 100_000] {
    kernels["foreach-\(rows)"] = { forEachRowSend(rows: rows, $0) }
    kernels["foreach-\(rows).floor"] = { handRowSend(rows: rows, $0) }
  }
  kernels["identified-write"] = { identifiedWrite($0) }
  kernels["identified-write.floor"] = { identifiedWriteFloor($0) }
  kernels["identified-read"] = { identifiedRead($0) }
  kernels["identified-read.floor"] = { identifiedReadFloor($0) }
  return kernels
}()

/// The row count the `IdentifiedArray` kernels use.
public let identifiedRowCount = 10_000

// MARK: - Root send

/// `n` sends of `.increment` to a root store with one observer of `count`.
@MainActor
public func rootSend(_ n: Int) {
  observedSends(Store(initialState: RootFeature.State()) { RootFeature() }, .increment, count: \.count, n)
}

/// The same sends to a store made with a dependency override, as an app that configures a live
/// client is: every send makes the store's values current.
@MainActor
public func rootSendWithDependencies(_ n: Int) {
  let store = Store(initialState: RootFeature.State()) {
    RootFeature()
  } withDependencies: {
    $0.uuid = .incrementing
  }
  observedSends(store, .increment, count: \.count, n)
}

@MainActor
func rootSendFloor(_ n: Int) {
  var state = RootFeature.State()
  for _ in 0..<n { _ = rootFloorReduce(&state, .increment) }
  precondition(state.count == n)
}

/// The same sends to a ``ClosureStore``.
@MainActor
public func closureStoreSend(_ n: Int) {
  let store = ClosureStore<RootFeature.State, RootFeature.Action>(initialState: RootFeature.State()) {
    _ = RootFeature().reduce(into: &$0, action: $1)
  }
  var seen = 0
  store.observe { seen = $0.count }
  for _ in 0..<n { store.send(.increment) }
  precondition(seen == n)
}

// MARK: - Scoped and embedded sends

/// `n` sends of `.increment` to `store`, with one observer of the leaf's `count` through
/// `count`; checks that every send was seen.
@MainActor
func observedSends<State, Action>(
  _ store: Store<State, Action>, _ action: Action, count: KeyPath<State, Int>, _ n: Int
) {
  var seen = 0
  let token = store.observe(count) { seen = $0 }
  for _ in 0..<n { store.send(action) }
  precondition(seen == n)
  token.cancel()
}

/// `n` sends made on the leaf store scoped `depth` plain levels down.
@MainActor
public func scopedPlain(depth: Int, _ n: Int) {
  switch depth {
  case 1:
    let root = Store(initialState: Level1.State()) { Level1() }
    let leaf = root.scope(state: \.child, action: /Level1.Action.child)
    observedSends(leaf, .increment, count: \.count, n)
  case 5:
    let root = Store(initialState: Level5.State()) { Level5() }
    let leaf = root.scope(state: \.child, action: /Level5.Action.child)
      .scope(state: \.child, action: /Level4.Action.child)
      .scope(state: \.child, action: /Level3.Action.child)
      .scope(state: \.child, action: /Level2.Action.child)
      .scope(state: \.child, action: /Level1.Action.child)
    observedSends(leaf, .increment, count: \.count, n)
  default:
    let root = Store(initialState: Level10.State()) { Level10() }
    let leaf = root.scope(state: \.child, action: /Level10.Action.child)
      .scope(state: \.child, action: /Level9.Action.child)
      .scope(state: \.child, action: /Level8.Action.child)
      .scope(state: \.child, action: /Level7.Action.child)
      .scope(state: \.child, action: /Level6.Action.child)
      .scope(state: \.child, action: /Level5.Action.child)
      .scope(state: \.child, action: /Level4.Action.child)
      .scope(state: \.child, action: /Level3.Action.child)
      .scope(state: \.child, action: /Level2.Action.child)
      .scope(state: \.child, action: /Level1.Action.child)
    observedSends(leaf, .increment, count: \.count, n)
  }
}

/// The same action sent fully embedded to the root store of `depth` plain levels.
@MainActor
public func embeddedPlain(depth: Int, _ n: Int) {
  switch depth {
  case 1:
    observedSends(Store(initialState: Level1.State()) { Level1() }, .child(.increment), count: \.child.count, n)
  case 5:
    observedSends(
      Store(initialState: Level5.State()) { Level5() }, .child(.child(.child(.child(.child(.increment))))),
      count: \.child.child.child.child.child.count, n)
  default:
    observedSends(
      Store(initialState: Level10.State()) { Level10() },
      .child(.child(.child(.child(.child(.child(.child(.child(.child(.child(.increment)))))))))),
      count: \.child.child.child.child.child.child.child.child.child.child.count, n)
  }
}

/// `n` sends made on the leaf store scoped `depth` generic `Nest` levels down.
@MainActor
public func scopedGeneric(depth: Int, _ n: Int) {
  let leaf = RootFeature.State()
  switch depth {
  case 1:
    let root = Store(initialState: N1.State(child: leaf)) { Nest { RootFeature() } }
    observedSends(root.nestedChild(), .increment, count: \.count, n)
  case 5:
    let root = Store(initialState: nested5(leaf)) { Nest { Nest { Nest { Nest { Nest { RootFeature() } } } } } }
    let store: Store<RootFeature.State, RootFeature.Action> =
      root.nestedChild().nestedChild().nestedChild().nestedChild().nestedChild()
    observedSends(store, .increment, count: \.count, n)
  default:
    let root = Store(initialState: N10.State(child: nested9(leaf))) { nest10() }
    let store: Store<RootFeature.State, RootFeature.Action> =
      root.nestedChild().nestedChild().nestedChild().nestedChild().nestedChild()
      .nestedChild().nestedChild().nestedChild().nestedChild().nestedChild()
    observedSends(store, .increment, count: \.count, n)
  }
}

/// The same action sent fully embedded to the root store of `depth` generic levels.
@MainActor
public func embeddedGeneric(depth: Int, _ n: Int) {
  let leaf = RootFeature.State()
  switch depth {
  case 1:
    let root = Store(initialState: N1.State(child: leaf)) { Nest { RootFeature() } }
    observedSends(root, .child(.increment), count: \.child.count, n)
  case 5:
    let root = Store(initialState: nested5(leaf)) { Nest { Nest { Nest { Nest { Nest { RootFeature() } } } } } }
    observedSends(
      root, .child(.child(.child(.child(.child(.increment))))), count: \.child.child.child.child.child.count, n)
  default:
    let root = Store(initialState: N10.State(child: nested9(leaf))) { nest10() }
    observedSends(
      root, .child(.child(.child(.child(.child(.child(.child(.child(.child(.child(.increment)))))))))),
      count: \.child.child.child.child.child.child.child.child.child.child.count, n)
  }
}

/// The embedded action routed by hand through `depth` levels.
@MainActor
func nestedFloor(depth: Int, _ n: Int) {
  switch depth {
  case 1:
    var state = Level1.State()
    for _ in 0..<n { handReduceFloor(Level1.self, &state, .child(.increment)) }
    precondition(state.child.count == n)
  case 5:
    var state = Level5.State()
    let action = Level5.Action.child(.child(.child(.child(.child(.increment)))))
    for _ in 0..<n { handReduceFloor(Level5.self, &state, action) }
    precondition(state.child.child.child.child.child.count == n)
  default:
    var state = Level10.State()
    let action = Level10.Action.child(
      .child(.child(.child(.child(.child(.child(.child(.child(.child(.increment))))))))))
    for _ in 0..<n { handReduceFloor(Level10.self, &state, action) }
    precondition(state.child.child.child.child.child.child.child.child.child.child.count == n)
  }
}

func nested5(_ leaf: RootFeature.State) -> N5.State {
  N5.State(child: .init(child: .init(child: .init(child: .init(child: leaf)))))
}

func nested9(_ leaf: RootFeature.State) -> N9.State {
  N9.State(child: .init(child: .init(child: .init(child: nested5(leaf)))))
}

func nest10() -> N10 {
  Nest { Nest { Nest { Nest { Nest { Nest { Nest { Nest { Nest { Nest { RootFeature() } } } } } } } } } }
}

/// The scoped sends' peer: `n` sends of `.increment` to a ``ScopedClosureStore`` `depth` plain
/// levels below a ``ClosureStore`` whose reducer routes by hand (``HandRoutable``), with one
/// observer of the leaf's `count`; each level observes its parent once.
@MainActor
public func scopedClosureStoreSend(depth: Int, _ n: Int) {
  // Each level lives as long as the leaf does, as a view hierarchy holds its stores.
  var levels: [AnyObject] = []
  func level<S, A, CS, CA>(
    _ store: ScopedClosureStore<S, A>, _ state: @escaping (S) -> CS, _ action: @escaping (CA) -> A
  ) -> ScopedClosureStore<CS, CA> {
    levels.append(store)
    return store.scope(state: state, action: action)
  }
  let leaf: ScopedClosureStore<RootFeature.State, RootFeature.Action>
  switch depth {
  case 1:
    let root = ClosureStore(initialState: Level1.State(), reducer: Level1.handReduce)
    levels.append(root)
    leaf = root.scope(state: { $0.child }, action: { Level1.Action.child($0) })
  case 5:
    let root = ClosureStore(initialState: Level5.State(), reducer: Level5.handReduce)
    levels.append(root)
    let l4 = root.scope(state: { $0.child }, action: { Level5.Action.child($0) })
    let l3 = level(l4, { $0.child }, { Level4.Action.child($0) })
    let l2 = level(l3, { $0.child }, { Level3.Action.child($0) })
    let l1 = level(l2, { $0.child }, { Level2.Action.child($0) })
    leaf = level(l1, { $0.child }, { Level1.Action.child($0) })
  default:
    let root = ClosureStore(initialState: Level10.State(), reducer: Level10.handReduce)
    levels.append(root)
    let l9 = root.scope(state: { $0.child }, action: { Level10.Action.child($0) })
    let l8 = level(l9, { $0.child }, { Level9.Action.child($0) })
    let l7 = level(l8, { $0.child }, { Level8.Action.child($0) })
    let l6 = level(l7, { $0.child }, { Level7.Action.child($0) })
    let l5 = level(l6, { $0.child }, { Level6.Action.child($0) })
    let l4 = level(l5, { $0.child }, { Level5.Action.child($0) })
    let l3 = level(l4, { $0.child }, { Level4.Action.child($0) })
    let l2 = level(l3, { $0.child }, { Level3.Action.child($0) })
    let l1 = level(l2, { $0.child }, { Level2.Action.child($0) })
    leaf = level(l1, { $0.child }, { Level1.Action.child($0) })
  }
  var seen = 0
  leaf.observe { seen = $0.count }
  for _ in 0..<n { leaf.send(.increment) }
  precondition(seen == n && leaf.state.count == n)
  withExtendedLifetime(levels) {}
}
