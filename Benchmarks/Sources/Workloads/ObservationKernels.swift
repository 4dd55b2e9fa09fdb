import Braid

/// The observation workloads: `k` observers of derived values, of which only the first (`d0`)
/// changes on every send; the others cycle through `d1`…`d9`.
@MainActor
public let observationKernels: [String: @MainActor (Int) -> Void] = {
  var kernels: [String: @MainActor (Int) -> Void] = [:]
  for count in [1, 10, 100] {
    kernels["observers-\(count)"] = { derivedObservers(count: count, $0) }
    kernels["observers-\(count).floor"] = { derivedObserversFloor(count: count, $0) }
    kernels["closure-observers-\(count)"] = { derivedClosureObservers(count: count, $0) }
  }
  return kernels
}()

private typealias Derived = ObservedFeature.State

/// The derived value observer `index` reads: `d0` for the first, then `d1`…`d9` in turn.
private let intPaths: [any KeyPath<Derived, Int> & Sendable] = [\.d1, \.d2, \.d3, \.d4, \.d5, \.d6, \.d7, \.d8]

/// `n` sends of `.tick` to a store with `count` derived observers.
@MainActor
public func derivedObservers(count: Int, _ n: Int) {
  let store = Store(initialState: Derived()) { ObservedFeature() }
  let tally = Tally(observers: count)
  var tokens: [ObservationToken] = []
  for index in 0..<count {
    let slot = (index - 1) % 9
    if index == 0 {
      tokens.append(store.observe(\.d0, delivery: .changesOnly) { _ in tally.counts[0] += 1 })
    } else if slot < 8 {
      tokens.append(store.observe(intPaths[slot], delivery: .changesOnly) { _ in tally.counts[index] += 1 })
    } else {
      tokens.append(store.observe(\.d9, delivery: .changesOnly) { _ in tally.counts[index] += 1 })
    }
  }
  for _ in 0..<n { store.send(.tick) }
  precondition(tally.counts[0] == n && tally.counts.dropFirst().allSatisfy { $0 == 0 })
  for token in tokens { token.cancel() }
}

/// The floor: reduce in place, then compute each observer's derived value by hand and compare
/// it with the last one.
@MainActor
func derivedObserversFloor(count: Int, _ n: Int) {
  var state = Derived()
  let tally = Tally(observers: count)
  var lastInts = (0..<count).map { derivedInt(state, $0) }
  var lastStrings = Array(repeating: state.d9, count: count)
  for _ in 0..<n {
    observedFloorReduce(&state)
    for index in 0..<count {
      if index > 0, (index - 1) % 9 == 8 {
        let value = state.d9
        if value != lastStrings[index] {
          lastStrings[index] = value
          tally.counts[index] += 1
        }
      } else {
        let value = derivedInt(state, index)
        if value != lastInts[index] {
          lastInts[index] = value
          tally.counts[index] += 1
        }
      }
    }
  }
  precondition(tally.counts[0] == n && tally.counts.dropFirst().allSatisfy { $0 == 0 })
}

/// Observer `index`'s integer value, computed directly.
@inline(__always)
private func derivedInt(_ state: Derived, _ index: Int) -> Int {
  if index == 0 { return state.d0 }
  switch (index - 1) % 9 {
  case 0: return state.d1
  case 1: return state.d2
  case 2: return state.d3
  case 3: return state.d4
  case 4: return state.d5
  case 5: return state.d6
  case 6: return state.d7
  case 7: return state.d8
  default: return 0
  }
}

/// The same observers given as closures (`store.observe({ $0.d1 })`) instead of key paths.
@MainActor
public func derivedClosureObservers(count: Int, _ n: Int) {
  let store = Store(initialState: Derived()) { ObservedFeature() }
  let tally = Tally(observers: count)
  var tokens: [ObservationToken] = []
  for index in 0..<count {
    if index > 0, (index - 1) % 9 == 8 {
      tokens.append(store.observe({ $0.d9 }, delivery: .changesOnly) { _ in tally.counts[index] += 1 })
    } else {
      tokens.append(store.observe({ derivedInt($0, index) }, delivery: .changesOnly) { _ in tally.counts[index] += 1 })
    }
  }
  for _ in 0..<n { store.send(.tick) }
  precondition(tally.counts[0] == n && tally.counts.dropFirst().allSatisfy { $0 == 0 })
  for token in tokens { token.cancel() }
}
