/// A feature's logic: how an action changes state, and which effects it starts.
///
/// Implement ``reduce(into:action:)`` for a reducer that does the work itself, or ``body`` to
/// compose other reducers:
///
/// ```swift
/// struct Counter: Reducer {
///   struct State: Equatable { var count = 0 }
///   enum Action { case incrementButtonTapped, decrementButtonTapped }
///
///   func reduce(into state: inout State, action: Action) -> Effect<Action> {
///     switch action {
///     case .incrementButtonTapped: state.count += 1
///     case .decrementButtonTapped: state.count -= 1
///     }
///     return .none
///   }
/// }
///
/// struct App: Reducer {
///   struct State { var counter = Counter.State() }
///   enum Action { case counter(Counter.Action) }
///
///   var body: some Reducer<State, Action> {
///     Scope(state: \.counter, action: /Action.counter) { Counter() }
///   }
/// }
/// ```
///
/// A `body` is evaluated once, when the reducer is placed in a ``Store`` or in a container
/// reducer (``Scope``, `ifLet`, `forEach`, a builder), not on every action.
public protocol Reducer<State, Action>: SendableMetatype {
  /// The state the reducer works on.
  associatedtype State
  /// The actions the reducer handles.
  associatedtype Action: Sendable
  /// The type of ``body``; `Never` for a reducer that implements ``reduce(into:action:)``.
  associatedtype Body = Never

  /// Updates `state` for `action` and returns the effects to start.
  ///
  /// - Parameters:
  ///   - state: The state, changed in place.
  ///   - action: What happened.
  /// - Returns: Work for the store to start; ``Effect/none`` if there is none.
  func reduce(into state: inout State, action: Action) -> Effect<Action>

  /// The reducers this one is made of, run in order on the same state.
  @ReducerBuilder<State, Action>
  var body: Body { get }

  /// The function a container calls for each action. Braid provides it for every reducer: do
  /// not implement it.
  ///
  /// For a reducer with a ``body``, it evaluates `body` once and returns its function, which is
  /// what keeps composed reducers from being rebuilt on every action.
  func makeReduceFunction() -> (inout State, Action) -> Effect<Action>

  /// The reduce function and the mount and dismount hooks a container keeps. Braid provides it
  /// for every reducer: do not implement it; declare hooks with ``onMount(_:)``,
  /// ``onMount(id:_:)`` and ``onDismount(_:)``.
  func makeFunctions() -> ReducerFunctions<State, Action>
}

extension Reducer where Body == Never {
  /// A reducer that implements ``reduce(into:action:)`` has no body.
  public var body: Never {
    fatalError("\(Self.self) implements reduce(into:action:) and has no body.")
  }

  /// Calls ``reduce(into:action:)``.
  @inlinable
  public func makeReduceFunction() -> (inout State, Action) -> Effect<Action> {
    { self.reduce(into: &$0, action: $1) }
  }

  /// Calls ``reduce(into:action:)``; no hooks.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<State, Action> {
    ReducerFunctions(reduce: makeReduceFunction(), lifecycle: .none)
  }
}

extension Reducer where Body: Reducer, Body.State == State, Body.Action == Action {
  /// Runs ``body``.
  ///
  /// Containers do not call this on every action: they keep the function from
  /// ``makeReduceFunction()``, which evaluates the body once.
  @inlinable
  public func reduce(into state: inout State, action: Action) -> Effect<Action> {
    body.reduce(into: &state, action: action)
  }

  /// Evaluates ``body`` once and returns its reduce function.
  @inlinable
  public func makeReduceFunction() -> (inout State, Action) -> Effect<Action> {
    body.makeReduceFunction()
  }

  /// Evaluates ``body`` once and returns its functions and hooks.
  @inlinable
  public func makeFunctions() -> ReducerFunctions<State, Action> {
    body.makeFunctions()
  }
}

/// A shorthand for a reducer's state type.
public typealias StateOf<R: Reducer> = R.State
/// A shorthand for a reducer's action type.
public typealias ActionOf<R: Reducer> = R.Action

/// The reducer protocol constrained to a feature's state and actions, for `body` declarations
/// written as in TCA: `var body: some ReducerOf<Self> { … }`.
public typealias ReducerOf<R: Reducer> = Reducer<R.State, R.Action>
