import Foundation
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
///
/// The types being built are kept per thread (building is synchronous), not in a task-local
/// value, whose `withValue` would put the building inside a closure.
@usableFromInline
enum ChildReducerBuilding {
  /// The functions of a container's child reducer.
  @inlinable
  static func functions<Child: Reducer>(of child: Child) -> ReducerFunctions<Child.State, Child.Action> {
    // `makeFunctions` is called here, where `Child` is known and outside any closure, so that
    // the closures it makes are specialized: called from a closure handed to another function,
    // a send through ten generic levels cost 40 more instructions (the instruction gate's
    // scoped-generic-10 row).
    guard startBuilding(Child.self) else {
      let lazy = LazyReducerFunctions {
        let started = startBuilding(Child.self)
        defer { if started { endBuilding() } }
        return child.makeFunctions()
      }
      return ReducerFunctions(
        reduce: { state, action in lazy.functions.reduce(&state, action) },
        // Whether the child has hooks is known only once it is built: ask it then.
        lifecycle: Lifecycle(
          mount: { state in lazy.functions.lifecycle.mountEffect(state) },
          dismount: { state in lazy.functions.lifecycle.dismountEffect(state) }
        )
      )
    }
    defer { endBuilding() }
    return child.makeFunctions()
  }

  /// The reducer types being built, by thread, outermost first. A thread's entry goes when it
  /// has nothing being built, so the table holds only the threads building now.
  static let building = SanitizerVisibleMutex<[UInt: [ObjectIdentifier]]>([:])

  /// This thread, as a key of ``building``.
  static var thread: UInt {
    #if canImport(Darwin)
      UInt(bitPattern: pthread_self())
    #else
      UInt(pthread_self())
    #endif
  }

  /// Notes that a reducer of this type is being built, on this thread, and returns `true`; or
  /// returns `false`, noting nothing, when one is being built around it already.
  ///
  /// Building is synchronous, so the thread that starts building a reducer is the one that
  /// finishes it.
  @usableFromInline
  static func startBuilding(_ type: Any.Type) -> Bool {
    let id = ObjectIdentifier(type)
    let thread = thread
    return building.withLock { building in
      guard building[thread]?.contains(id) != true else { return false }
      building[thread, default: []].append(id)
      return true
    }
  }

  /// Ends what the last successful ``startBuilding(_:)`` on this thread started.
  @usableFromInline
  static func endBuilding() {
    let thread = thread
    building.withLock { building in
      building[thread]?.removeLast()
      if building[thread]?.isEmpty == true { building[thread] = nil }
    }
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
