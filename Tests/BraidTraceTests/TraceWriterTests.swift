import Braid
import BraidTestSupport
import BraidTrace
import Foundation
import Synchronization
import Testing

@Suite struct TraceWriterTests {
  @Test func aFullBufferDropsLinesAndSaysHowManyWhere() throws {
    let written = Mutex<[String]>([])
    let entered = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    let first = Mutex(true)
    let sink = TraceSink { bytes in
      if first.withLock({ $0 }) {
        first.withLock { $0 = false }
        entered.signal()
        release.wait()
      }
      written.withLock { $0 += String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init) }
    }
    // A recorder of capacity 2 whose sink blocks on its first write (the header and the initial
    // state, queued before its thread starts); events are fed to its inspector directly.
    let recorder = TraceRecorder<Tally.State, Tally.Action>(
      feature: "Tally", initialState: Tally.State(), sink: sink, keyframeInterval: 0, bufferCapacity: 2)
    #expect(entered.wait(timeout: .now() + 30) == .success)
    let inspector = recorder.inspector
    for sequence in 1...5 {
      inspector.receive(StoreEvent(sequence: UInt64(sequence), time: .zero, kind: .mounted))
    }
    release.signal()
    // Written out, with the count of what was dropped, before anything else comes.
    recorder.flush()
    inspector.receive(StoreEvent(sequence: 6, time: .zero, kind: .dismounted))
    try recorder.close()
    let events = written.withLock { $0 }.map { line in
      (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any] ?? [:]
    }
    #expect(events.count == 6)
    #expect(events.dropFirst(2).map { $0["event"] as? String } == ["mounted", "mounted", "dropped", "dismounted"])
    #expect(events.dropFirst(2).map { $0["seq"] as? Int } == [1, 2, nil, 6])
    #expect(events[4]["count"] as? Int == 3)
  }

  @Test func aRecorderDroppedUnclosedWritesWhatItHasAndClosesItsSink() throws {
    let written = Mutex<[String]>([])
    let closed = Mutex(0)
    let sink = TraceSink(
      write: { bytes in
        written.withLock { $0 += String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init) }
      },
      close: { closed.withLock { $0 += 1 } })
    do {
      let recorder = TraceRecorder<Tally.State, Tally.Action>(
        feature: "Tally", initialState: Tally.State(), sink: sink, keyframeInterval: 0)
      recorder.inspector.receive(StoreEvent(sequence: 1, time: .zero, kind: .mounted))
    }
    // Never attached to a store and never closed: its deinit wrote the lines, closed the sink
    // (once) and stopped the writing thread, which closing joins.
    #expect(closed.withLock { $0 } == 1)
    #expect(written.withLock { $0 }.count == 3)
  }
}
