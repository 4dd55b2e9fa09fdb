import Braid
import BraidSharedStorage
import Foundation

// The writer of Scripts/shared-durability-test.sh: loads a `.fileStorage` counter, prints
// `loaded N`, then increments it, saves it durably and prints `acked N` after each save, until
// it is killed. Every `acked` value must survive a SIGKILL at any moment.
guard CommandLine.arguments.count == 2 else {
  FileHandle.standardError.write(Data("usage: shared-durability-writer FILE\n".utf8))
  exit(64)
}
let count = Shared(wrappedValue: 0, .fileStorage(CommandLine.arguments[1]))
FileHandle.standardOutput.write(Data("loaded \(count.wrappedValue)\n".utf8))
while true {
  let value = count.withLock { count -> Int in
    count += 1
    return count
  }
  do {
    try await count.save()
  } catch {
    FileHandle.standardError.write(Data("shared-durability-writer: \(error)\n".utf8))
    exit(1)
  }
  FileHandle.standardOutput.write(Data("acked \(value)\n".utf8))
}
