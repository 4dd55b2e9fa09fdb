import Synchronization

/// Builds the child reducers of `Scope`, `ifLet`, `ifCaseLet` and `forEach`: when the parent is
/// built, unless the child is a reducer already being built around it.
///
/// A container keeps its child's functions, built once, so that a send costs no more than the
/// closures it calls. A reducer that contains itself (a `Nested` feature whose body holds
/// `.forEach(\.rows, action: /Action.rows) { Nested() }`) cannot be built that way: building
/// it builds its child, which is itself, forever. So each container notes its child's type
/// while building it, and a child whose type is already noted (the reducer reached itself) is
/// built at its first use instead, once, one level at a time. Every reducer that does not
/// contain itself is built as before, and pays nothing per send.
@usableFromInline
enum ChildReducerBuilding {
  /// The reducer types whose functions are being built, innermost first.
  @TaskLocal static var enclosing: EnclosingReducer?

  /// The functions of a container's child reducer.
  @inlinable
  static func functions<Child: Reducer>(of child: Child) -> ReducerFunctions<Child.State, Child.Action> {
    // `makeFunctions` is called here, where `Child` is known, so that the closures it makes
    // are specialized: called from generic code they would cost several times as much per send.
    guard isBeingBuilt(Child.self) else {
      return building(Child.self) { child.makeFunctions() }
    }
    let lazy = LazyReducerFunctions { building(Child.self) { child.makeFunctions() } }
    return ReducerFunctions(
      reduce: { state, action in lazy.functions.reduce(&state, action) },
      // Whether the child has hooks is known only once it is built: ask it then.
      lifecycle: Lifecycle(
        mount: { state in lazy.functions.lifecycle.mountEffect(state) },
        dismount: { state in lazy.functions.lifecycle.dismountEffect(state) }
      )
    )
  }

  /// Whether a reducer of this type is being built around the one being built now.
  @usableFromInline
  static func isBeingBuilt(_ type: Any.Type) -> Bool {
    let id = ObjectIdentifier(type)
    var reducer = enclosing
    while let current = reducer {
      if current.type == id { return true }
      reducer = current.next
    }
    return false
  }

  /// Runs `build` with a reducer of this type noted as being built.
  @usableFromInline
  static func building<Result>(_ type: Any.Type, _ build: () -> Result) -> Result {
    $enclosing.withValue(EnclosingReducer(type: ObjectIdentifier(type), next: enclosing), operation: build)
  }
}

/// One reducer type being built, and the ones being built around it.
@usableFromInline
final class EnclosingReducer: Sendable {
  let type: ObjectIdentifier
  let next: EnclosingReducer?

  init(type: ObjectIdentifier, next: EnclosingReducer?) {
    self.type = type
    self.next = next
  }
}

/// A reducer's functions, built at their first use and kept.
///
/// Safe to use from several threads at once (a reducer value, and the containers in it, may be
/// shared by stores on different actors): racing first uses each build, one of them keeps what
/// it built, and every later use reads that.
@usableFromInline
final class LazyReducerFunctions<State, Action: Sendable> {
  @usableFromInline let build: () -> ReducerFunctions<State, Action>
  /// 0: not built; 1: being stored; 2: `built` holds the functions.
  @usableFromInline let phase = Atomic<Int>(0)
  @usableFromInline var built: ReducerFunctions<State, Action>?

  @inlinable
  init(build: @escaping () -> ReducerFunctions<State, Action>) {
    self.build = build
  }

  @inlinable
  var functions: ReducerFunctions<State, Action> {
    if phase.load(ordering: .acquiring) == 2 { return built.unsafelyUnwrapped }
    return buildAndKeep()
  }

  @usableFromInline
  func buildAndKeep() -> ReducerFunctions<State, Action> {
    let made = build()
    if phase.compareExchange(expected: 0, desired: 1, ordering: .acquiring).exchanged {
      built = made
      phase.store(2, ordering: .releasing)
    }
    return made
  }
}
