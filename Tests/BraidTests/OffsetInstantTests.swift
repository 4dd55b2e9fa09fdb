import Braid
import Testing

/// Time arithmetic on test clocks never traps: it saturates at ±`Int64.max` seconds.
struct OffsetInstantTests {
  @Test func advancingByAbsurdDurationsSaturatesInsteadOfTrapping() async {
    let clock = TestClock()
    let huge = Duration.seconds(Int64.max)
    for _ in 0..<20 { await clock.advance(by: huge) }
    #expect(clock.now.offset == huge)
    #expect(clock.now.advanced(by: huge * 2) == clock.now)
    #expect(OffsetInstant(offset: .zero - huge).advanced(by: .zero - huge).offset == .zero - huge)
    #expect(OffsetInstant(offset: huge).advanced(by: .zero - huge).offset == .zero)
  }
}
