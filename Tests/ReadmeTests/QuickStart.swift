// swift-format-ignore-file: OrderedImports
// The README's Quick start, block by block, as the README shows it (each block's imports at its
// top): `ReadmeQuickStartTests` fails when the two differ. Edit the README, then copy its blocks
// here.

import Braid

struct Counter: Reducer {
  struct State: Equatable {
    var count = 0
    var factors: [Int]?
  }
  enum Action: Equatable, Sendable {
    case incrementButtonTapped
    case factorButtonTapped
    case factorsComputed([Int])
  }
  enum CancelID { case factoring }

  func reduce(into state: inout State, action: Action) -> Effect<Action> {
    switch action {
    case .incrementButtonTapped:
      state.count += 1
      return .none
    case .factorButtonTapped:
      return .run { [count = state.count] send in
        await send(.factorsComputed(primeFactors(of: count)))  // runs off the main actor
      }
      .cancellable(id: CancelID.factoring, cancelInFlight: true)  // newest request wins
    case .factorsComputed(let factors):
      state.factors = factors
      return .none
    }
  }
}

/// The prime factors of `number`, smallest first.
func primeFactors(of number: Int) -> [Int] {
  var factors: [Int] = []
  var rest = number
  var divisor = 2
  while rest > 1 {
    if rest % divisor == 0 {
      factors.append(divisor)
      rest /= divisor
    } else {
      divisor += 1
    }
  }
  return factors
}

@MainActor func countAndFactor() async {
  let store = Store(initialState: Counter.State()) { Counter() }
  let token = store.observe(\.count) { print("count:", $0) }  // current value, then changes
  store.send(.incrementButtonTapped)
  await store.send(.factorButtonTapped).finish()
  token.cancel()
}

import BraidTesting
import Testing

@MainActor @Test func factoring() async {
  let store = TestStore(initialState: Counter.State(count: 12)) { Counter() }
  await store.send(.factorButtonTapped)
  await store.receive(.factorsComputed([2, 2, 3])) { $0.factors = [2, 2, 3] }
}
