import Braid
import BraidSharedStorage
import Foundation

// The probe of Scripts/shared-durability-test.sh, on a `.fileStorage` file or a `.sqlite` key:
//
//   shared-state-probe count file PATH | sqlite DATABASE KEY
//     loads a counter, prints `loaded N`, then increments it, saves it durably and prints
//     `acked N` after each save, until it is killed. Every `acked` value must survive SIGKILL.
//   shared-state-probe ping first|second HOPS file PATH | sqlite DATABASE KEY
//     one of two processes that hand a value back and forth HOPS times through the key, each
//     printing `latency_us N` for every change it sees from the other: the time from the
//     other's mutation to this process's delivery.
let usage = """
  usage: shared-state-probe count file PATH | sqlite DATABASE KEY
         shared-state-probe ping first|second HOPS file PATH | sqlite DATABASE KEY

  """

func fail(_ message: String, status: Int32) -> Never {
  FileHandle.standardError.write(Data("shared-state-probe: \(message)\n".utf8))
  exit(status)
}

var arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "count":
  guard let place = ProbePlace(Array(arguments.dropFirst())) else { fail(usage, status: 64) }
  await countForever(in: place)
case "ping":
  guard arguments.count >= 3, let hops = Int(arguments[2]), hops > 0, ["first", "second"].contains(arguments[1]),
    let place = ProbePlace(Array(arguments.dropFirst(3)))
  else { fail(usage, status: 64) }
  await pingPong(isFirst: arguments[1] == "first", hops: hops, in: place)
default:
  fail(usage, status: 64)
}
