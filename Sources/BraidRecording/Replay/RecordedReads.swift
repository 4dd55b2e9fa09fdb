import Braid
import Foundation
import Synchronization

/// The dependency values a recorded action's reducer read, given back to it in the same order
/// during a replay; a read the recording does not have is noted, and gets a zero value.
final class RecordedReads: Sendable {
  private struct Queues {
    var uuids: [UUID] = []
    var dates: [Date] = []
    var numbers: [UInt64] = []
    var missing: [String] = []
  }

  private let queues = Mutex(Queues())

  func reset() {
    queues.withLock { $0 = Queues() }
  }

  func add(uuid: UUID) { queues.withLock { $0.uuids.append(uuid) } }
  func add(date: Date) { queues.withLock { $0.dates.append(date) } }
  func add(numbers: [UInt64]) { queues.withLock { $0.numbers += numbers } }

  /// What the reducer read that the recording did not give it, and what it left unread.
  var mismatches: [String] {
    queues.withLock { queues in
      var all = queues.missing
      if !queues.uuids.isEmpty { all.append("\(queues.uuids.count) recorded uuid value(s) were not read") }
      if !queues.dates.isEmpty { all.append("\(queues.dates.count) recorded date value(s) were not read") }
      if !queues.numbers.isEmpty { all.append("\(queues.numbers.count) recorded random number(s) were not drawn") }
      return all
    }
  }

  /// Sets `values`' `uuid`, `date` and `withRandomNumberGenerator` to give back these reads.
  func install(in values: inout DependencyValues) {
    values.uuid = UUIDGenerator { [self] in
      queues.withLock { queues in
        guard !queues.uuids.isEmpty else {
          queues.missing.append("the reducer read a uuid the recording does not have")
          return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        }
        return queues.uuids.removeFirst()
      }
    }
    values.date = DateGenerator { [self] in
      queues.withLock { queues in
        guard !queues.dates.isEmpty else {
          queues.missing.append("the reducer read a date the recording does not have")
          return Date(timeIntervalSinceReferenceDate: 0)
        }
        return queues.dates.removeFirst()
      }
    }
    values.withRandomNumberGenerator = WithRandomNumberGenerator(Generator(reads: self))
  }

  fileprivate func nextNumber() -> UInt64 {
    queues.withLock { queues in
      guard !queues.numbers.isEmpty else {
        queues.missing.append("the reducer drew a random number the recording does not have")
        return 0
      }
      return queues.numbers.removeFirst()
    }
  }

  private struct Generator: RandomNumberGenerator, Sendable {
    let reads: RecordedReads
    mutating func next() -> UInt64 { reads.nextNumber() }
  }
}
