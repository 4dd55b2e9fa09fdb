import Testing

@testable import Braid

struct RuntimeWarningTests {
  @Test func aWarningIsPrintedOncePerCallSite() {
    let site = "RuntimeWarningTests/\(#line):\(UInt64.random(in: 0...UInt64.max))"
    #expect(RuntimeWarnings.isFirst(at: site))
    #expect(!RuntimeWarnings.isFirst(at: site))
    #expect(RuntimeWarnings.isFirst(at: site + "x"))
  }
}
