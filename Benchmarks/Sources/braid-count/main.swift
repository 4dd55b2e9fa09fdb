import Braid
import Dispatch
import Workloads

// braid-count: workloads for instruction counting under valgrind, which cannot follow tasks
// queued on the main actor. `Benchmarks/instructions.sh` runs each at N and 2N operations and
// prints the instructions per operation.
//
//   braid-count KERNEL N            one of Workloads' synchronous kernels, on the main thread
//   braid-count actor-send N        N sends on one StoreActor, in an isolated function
//   braid-count actor-effects K N   K StoreActors, each N requests whose effect sends a response

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

let arguments = CommandLine.arguments.dropFirst().map { $0 }
let done = DispatchSemaphore(value: 0)
switch (arguments.first, arguments.count) {
case ("actor-send", 2):
  let count = Int(arguments[1]) ?? 0
  Task.detached {
    let store = StoreActor(initialState: 0) { Counter() }
    await sends(store, count: count)
    done.signal()
  }
case ("actor-effects", 3):
  let stores = Int(arguments[1]) ?? 1
  let count = Int(arguments[2]) ?? 0
  Task.detached {
    await withTaskGroup(of: Void.self) { group in
      for _ in 0..<stores {
        let store = StoreActor(initialState: 0) { Counter() }
        group.addTask { await requests(store, count: count) }
      }
    }
    done.signal()
  }
case (let name?, 2) where (sendKernels[name] ?? effectKernels[name] ?? observationKernels[name]) != nil:
  // Top-level code runs on the main actor, synchronously: nothing is queued to it.
  (sendKernels[name] ?? effectKernels[name] ?? observationKernels[name])!(Int(arguments[1]) ?? 0)
  done.signal()
default:
  let names = (Array(sendKernels.keys) + Array(effectKernels.keys) + Array(observationKernels.keys)).sorted().joined(
    separator: " ")
  print("usage: braid-count actor-send N | braid-count actor-effects K N | braid-count KERNEL N\nkernels: \(names)")
  done.signal()
}
done.wait()
