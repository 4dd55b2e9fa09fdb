import Braid
import Foundation

/// Increments the counter at `place` forever, printing `acked N` once each value is durable.
func countForever(in place: ProbePlace) async -> Never {
  let count = place.shared(0)
  FileHandle.standardOutput.write(Data("loaded \(count.wrappedValue)\n".utf8))
  while true {
    let value = count.withLock { count -> Int in
      count += 1
      return count
    }
    do {
      try await count.save()
    } catch {
      fail("\(error)", status: 1)
    }
    FileHandle.standardOutput.write(Data("acked \(value)\n".utf8))
  }
}
