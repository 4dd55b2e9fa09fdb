import DemoCommandLine
import Testing

struct TerminalTextTests {
  @Test func escapeSequencesAndBellsBecomeVisible() {
    let email = "m\u{1B}]0;OWNED\u{07}\u{1B}[2J\u{1B}[8m@example.com"
    let shown = TerminalText.visible(email)
    #expect(shown == "m␛]0;OWNED␇␛[2J␛[8m@example.com")
    #expect(!shown.unicodeScalars.contains { $0.value < 0x20 })
  }

  @Test func deleteC1ControlsBidiOverridesAndSeparatorsBecomeVisible() {
    #expect(TerminalText.visible("a\u{7F}b") == "a␡b")
    #expect(TerminalText.visible("a\u{9B}31mb") == "a<U+009B>31mb")
    #expect(TerminalText.visible("abc\u{202E}fed") == "abc<U+202E>fed")
    #expect(TerminalText.visible("a\u{2028}b") == "a<U+2028>b")
    #expect(TerminalText.visible("line\nbreak\r") == "line␊break␍")
  }

  @Test func ordinaryTextIsUnchanged() {
    for text in ["alice@example.com", "Émile", "Straße", "山田", "👩‍👩‍👧", ""] {
      #expect(TerminalText.visible(text) == text)
    }
  }

  @Test func visibleLinesKeepsTheLineBreaksBetweenLines() {
    #expect(TerminalText.visibleLines("one\u{1B}\ntwo\u{7}\n") == "one␛\ntwo␇\n")
  }
}
