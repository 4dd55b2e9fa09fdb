import Braid
import BraidTesting
import Dispatch
import Foundation
import Workloads

// braid-count: workloads for instruction counting under valgrind, which cannot follow tasks
// queued on the main actor. `Benchmarks/instructions.sh` runs each at N and 2N operations and
// prints the instructions per operation.
//
//   braid-count KERNEL N            one of Workloads' synchronous kernels, on the main thread
//   braid-count actor-send N        N sends on one StoreActor, in an isolated function
//   braid-count actor-effects K N   K StoreActors, each N requests whose effect sends a response
//   braid-count teststore-step N    N TestStore steps (send, then receive the action it feeds back)

struct Counter: Reducer {
  func reduce(into state: inout Int, action: Bool) -> Effect<Bool> {
    state += 1
    return action ? .run { send in await send(false) } : .none
  }
}

func sends(_ store: isolated StoreActor<Int, Bool>, count: Int) {
  for _ in 0..<count { store.send(false) }
  precondition(store.state == count)
}

func requests(_ store: isolated StoreActor<Int, Bool>, count: Int) async {
  var sent = 0
  while sent < count {
    let size = min(1_000, count - sent)
    var tasks: [StoreTask] = []
    for _ in 0..<size { tasks.append(store.send(true)) }
    for task in tasks { await task.finish() }
    sent += size
  }
  precondition(store.state == 2 * count)
}

/// Prints `message` and the usage to standard error and exits with status 2, as braid-bench does
/// for a usage error: a misspelt kernel must fail the script that counts it, not count nothing.
@MainActor
func usageError(_ message: String) -> Never {
  let names =
    (Array(sendKernels.keys) + Array(effectKernels.keys) + Array(observationKernels.keys)
    + Array(recorderKernels.keys) + Array(navigationKernels.keys) + Array(sharingKernels.keys)).sorted().joined(
      separator: " ")
  let usage =
    "usage: braid-count actor-send N | braid-count actor-effects K N | braid-count teststore-step N\n       braid-count KERNEL N\nkernels: \(names)"
  FileHandle.standardError.write(Data("braid-count: \(message)\n\(usage)\n".utf8))
  exit(2)
}

/// The non-negative integer argument at `index`, or a usage error naming it.
@MainActor
func count(at index: Int, of arguments: [String]) -> Int {
  guard let value = Int(arguments[index]), value >= 0 else {
    usageError("'\(arguments[index])' is not a count (a non-negative integer)")
  }
  return value
}

let arguments = CommandLine.arguments.dropFirst().map { $0 }
let done = DispatchSemaphore(value: 0)
switch (arguments.first, arguments.count) {
case (nil, _):
  usageError("no kernel named")
case ("actor-send", 2):
  let count = count(at: 1, of: arguments)
  Task.detached {
    let store = StoreActor(initialState: 0) { Counter() }
    await sends(store, count: count)
    done.signal()
  }
case ("actor-effects", 3):
  let stores = count(at: 1, of: arguments)
  let count = count(at: 2, of: arguments)
  Task.detached {
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<stores {
        let store = StoreActor(initialState: 0) { Counter() }
        group.addTask { await requests(store, count: count) }
      }
    }
    done.signal()
  }
case ("teststore-step", 2):
  let count = count(at: 1, of: arguments)
  // Made in a task that is not isolated, the test store runs its feature on an actor of its own:
  // nothing is queued to the main actor, which valgrind cannot follow.
  Task.detached {
    let store = TestStore(initialState: EchoFeature.State()) { EchoFeature() }
    for _ in 0..<count {
      await store.send(.tapped) { $0.taps += 1 }
      await store.receive(.echoed) { $0.echoes += 1 }
    }
    await store.finish()
    precondition(store.state.echoes == count)
    done.signal()
  }
case (let name?, 2):
  guard
    let kernel = sendKernels[name] ?? effectKernels[name] ?? observationKernels[name] ?? recorderKernels[name]
      ?? navigationKernels[name] ?? sharingKernels[name]
  else {
    usageError("unknown kernel '\(name)'")
  }
  // Top-level code runs on the main actor, synchronously: nothing is queued to it.
  kernel(count(at: 1, of: arguments))
  done.signal()
case (let name?, _):
  usageError("wrong number of arguments for '\(name)'")
}
done.wait()
