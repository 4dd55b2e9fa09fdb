import OpenCombine

/// The peer: what a user would write without Braid, a class around a `CurrentValueSubject`.
/// `send` runs the reducer on a copy of the state and assigns it back; subscribers `sink` on
/// the subject. Effects are publishers the store subscribes to, feeding their actions back.
@MainActor
final class CombineStore<State, Action> {
  let subject: CurrentValueSubject<State, Never>
  let reducer: (inout State, Action) -> AnyPublisher<Action, Never>?
  var effects: Set<OpenCombine.AnyCancellable> = []

  init(
    initialState: State,
    reducer: @escaping (inout State, Action) -> AnyPublisher<Action, Never>?
  ) {
    subject = CurrentValueSubject(initialState)
    self.reducer = reducer
  }

  func send(_ action: Action) {
    var state = subject.value
    let effect = reducer(&state, action)
    subject.value = state
    guard let effect else { return }
    var finished = false
    var cancellable: OpenCombine.AnyCancellable?
    cancellable = effect.sink(
      receiveCompletion: { [weak self] _ in
        finished = true
        if let cancellable { self?.effects.remove(cancellable) }
      },
      receiveValue: { [weak self] in self?.send($0) }
    )
    if !finished, let cancellable { effects.insert(cancellable) }
  }
}
