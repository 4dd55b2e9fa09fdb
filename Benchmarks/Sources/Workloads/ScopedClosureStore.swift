/// The peer of the scoped-send rows: what a user writes without a framework to hand a child
/// view a part of a ``ClosureStore``. A store class per level: it reads its state from its
/// parent and embeds its actions into the parent's through closures, and observes its parent
/// once, projecting each new parent state down to its own observer.
@MainActor
public final class ScopedClosureStore<State, Action> {
  let read: () -> State
  let embed: (Action) -> Void
  var observer: ((State) -> Void)?

  init(read: @escaping () -> State, embed: @escaping (Action) -> Void) {
    self.read = read
    self.embed = embed
  }

  /// The current state, read through the parents.
  public var state: State { read() }

  /// Sends `action` up to the root, embedded at each level.
  @inline(never)
  public func send(_ action: Action) {
    embed(action)
  }

  /// Calls `observer` with every state the root's sends leave.
  public func observe(_ observer: @escaping (State) -> Void) {
    self.observer = observer
  }

  func notify(_ state: State) {
    observer?(state)
  }

  /// A child store of the part `toChild` reads, whose actions `fromChild` embeds.
  public func scope<ChildState, ChildAction>(
    state toChild: @escaping (State) -> ChildState, action fromChild: @escaping (ChildAction) -> Action
  ) -> ScopedClosureStore<ChildState, ChildAction> {
    let read = self.read
    let embed = self.embed
    let child = ScopedClosureStore<ChildState, ChildAction>(read: { toChild(read()) }, embed: { embed(fromChild($0)) })
    observe { [unowned child] in child.notify(toChild($0)) }
    return child
  }
}

extension ClosureStore {
  /// The root's child store, as ``ScopedClosureStore/scope(state:action:)`` makes one level
  /// down.
  public func scope<ChildState, ChildAction>(
    state toChild: @escaping (State) -> ChildState, action fromChild: @escaping (ChildAction) -> Action
  ) -> ScopedClosureStore<ChildState, ChildAction> {
    let child = ScopedClosureStore<ChildState, ChildAction>(
      read: { [unowned self] in toChild(state) }, embed: { [unowned self] in send(fromChild($0)) })
    observe { [unowned child] in child.notify(toChild($0)) }
    return child
  }
}
