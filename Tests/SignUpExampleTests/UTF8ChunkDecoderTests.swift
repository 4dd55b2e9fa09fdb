import SignUpCLI
import Testing

struct UTF8ChunkDecoderTests {
  @Test func aCharacterSplitAcrossReadsIsKeptUntilItIsWhole() {
    let text = "Émile 日本 😀!"
    let bytes = Array(text.utf8)
    // Every way of cutting the bytes into reads of 1 to 16 bytes gives back the text whole.
    for size in 1...16 {
      var decoder = UTF8ChunkDecoder()
      var decoded: [UInt8] = []
      var start = 0
      while start < bytes.count {
        let end = min(start + size, bytes.count)
        let complete = decoder.complete(Array(bytes[start..<end]))
        // Each read yields whole characters only.
        #expect(String(validating: complete, as: UTF8.self) != nil)
        decoded += complete
        start = end
      }
      #expect(String(decoding: decoded, as: UTF8.self) == text)
    }
  }

  @Test func controlBytesAndInvalidBytesPassThrough() {
    var decoder = UTF8ChunkDecoder()
    let nothing = decoder.complete([])
    #expect(nothing == [])
    let keys = decoder.complete([0x61, 0x09, 0x1B, 0x5B, 0x5A])
    #expect(keys == [0x61, 0x09, 0x1B, 0x5B, 0x5A])
    // A stray continuation byte is not a character's start: passed on, shown as U+FFFD later.
    let stray = decoder.complete([0x80, 0x62])
    #expect(stray == [0x80, 0x62])
    // A lead byte then a byte that cannot continue it: both passed on at once.
    let broken = decoder.complete([0xC3, 0x41])
    #expect(broken == [0xC3, 0x41])
    // Half of "é" is kept back, then completed.
    let half = decoder.complete([0x41, 0xC3])
    #expect(half == [0x41])
    let rest = decoder.complete([0xA9])
    #expect(rest == [0xC3, 0xA9])
  }
}
