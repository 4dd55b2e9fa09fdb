import Braid
import Synchronization

/// The enums, payloads and classes the case-path tests extract from.
enum CasePathFixtures {
  enum ChildAction: Equatable, Sendable {
    case tapped
    case text(String)
  }

  enum Action: Equatable, Sendable {
    case child(ChildAction)
    case count(Int)
    case total(Int)
    case move(x: Int, y: Int)
    case names([String])
    case reset
  }

  enum Signal {
    case ping(Void)
    case pong
    case impossible(Never)
  }

  enum Generic<T> {
    case value(T)
    case none
  }

  /// Several payload cases of a generic type: the runtime computes this layout, not the compiler.
  enum Either<T> {
    case left(T)
    case right(T)
    case maybe(T?)
  }

  indirect enum Tree: Equatable {
    case leaf(Int)
    case node(Tree, Tree)
  }

  enum Mixed {
    indirect case boxed(String)
    indirect case object(Tracked)
    case plain(String)
    case empty
  }

  final class Counter: Sendable {
    let deinits = Atomic(0)
  }

  final class Tracked: Sendable {
    let id: Int
    let counter: Counter
    init(_ id: Int, _ counter: Counter) { (self.id, self.counter) = (id, counter) }
    deinit { counter.deinits.add(1, ordering: .relaxed) }
  }

  /// A two-payload enum whose payloads are references: tags live in the pointers' spare bits.
  enum Packed {
    case a(Tracked)
    case b(Tracked)
    case c
  }

  struct Failure: Error, Equatable { let code: Int }

  struct Point { let x: Int }

  enum Mirrored: CustomReflectable {
    case value(Int)
    var customMirror: Mirror { Mirror(self, children: ["custom": "no"]) }
  }

  class Base {}
  final class Derived: Base {}

  /// A chain of single-case enums whose payloads take no space, as nested features' actions are.
  enum LeafAction: Equatable { case increment }
  enum MiddleAction: Equatable { case child(LeafAction) }
  enum TopAction: Equatable { case child(MiddleAction) }
  enum EmptyOrCount: Equatable {
    case child(LeafAction)
    case count(Int)
  }

  /// Two payload cases wider than any local scratch buffer, tagged in their references' spare bits.
  enum Wide {
    case a(Tracked, Tracked, Tracked, Tracked, Tracked, Tracked, Tracked, Tracked, Tracked)
    case b(Tracked, Tracked, Tracked, Tracked, Tracked, Tracked, Tracked, Tracked, Tracked)
    case c
  }

  enum Special {
    case callback(@Sendable () -> Int)
    case type(Int.Type)
    case classType(Base.Type)
    case anything(Any)
    case failure(any Error)
  }
}

extension CasePathFixtures.Either<Int> {
  var isMaybeFive: Bool { if case .maybe(5) = self { true } else { false } }
}
