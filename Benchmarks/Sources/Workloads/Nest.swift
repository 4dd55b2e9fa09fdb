import Braid

/// One generic level of nesting: the child's state at `\.child`, its actions in `Action.child`.
public struct Nest<Child: Reducer>: Reducer where Child.State: Sendable {
  public struct State: Sendable {
    public var child: Child.State

    public init(child: Child.State) {
      self.child = child
    }
  }

  public enum Action: Sendable {
    case child(Child.Action)
  }

  let makeChild: @Sendable () -> Child

  public init(_ makeChild: @escaping @Sendable () -> Child) {
    self.makeChild = makeChild
  }

  public var body: some Reducer<State, Action> {
    Scope(state: \.child, action: /Action.child) { makeChild() }
  }
}

extension Nest: HandRoutable where Child: HandRoutable {
  public static func handReduce(_ state: inout State, _ action: Action) {
    if case .child(let childAction) = action {
      Child.handReduce(&state.child, childAction)
    }
  }
}

extension Store {
  /// One generic level down: `scope(state: \.child, action: /Nest<Child>.Action.child)`.
  public func nestedChild<Child>() -> Store<Child.State, Child.Action>
  where State == Nest<Child>.State, Action == Nest<Child>.Action {
    scope(state: \.child, action: /Nest<Child>.Action.child)
  }
}

public typealias N1 = Nest<RootFeature>
public typealias N2 = Nest<N1>
public typealias N3 = Nest<N2>
public typealias N4 = Nest<N3>
public typealias N5 = Nest<N4>
public typealias N6 = Nest<N5>
public typealias N7 = Nest<N6>
public typealias N8 = Nest<N7>
public typealias N9 = Nest<N8>
public typealias N10 = Nest<N9>
