import Braid
import Testing

/// How multi-line strings, identified arrays and the dump hooks read in dumps and diffs.
struct CustomDumpTests {
  @Test func multiLineStringsDumpAsBlocks() {
    #expect(
      ValueDump.dump("line one\nline \"two\"\\") == #"""
        """
          line one
          line "two"\\
          """
        """#)
    // A triple quote inside the text is escaped, so the block still reads as one literal.
    #expect(ValueDump.dump("a\"\"\"b\nc") == "\"\"\"\n  a\\\"\"\"b\n  c\n  \"\"\"")
    // Without a line break, a string stays on one line.
    #expect(ValueDump.dump("a\"b") == #""a\"b""#)
  }

  @Test func multiLineStringsDiffLineByLine() {
    struct Note { var body: String }
    let old = Note(body: "first line\nsecond line\nthird line\nfourth line\nfifth line")
    let new = Note(body: "first line\nsecond line\nthird LINE\nfourth line\nfifth line")
    #expect(
      ValueDump.diff(old, new) == """
          CustomDumpTests.Note(
            body: \"""
              first line
              second line
        −     third line
        +     third LINE
              … (3 unchanged)
          )
        """)
  }

  @Test func anIdentifiedArrayDumpsAndDiffsAsItsElements() {
    struct Row: Identifiable, Equatable {
      let id: Int
      var title: String
    }
    let rows: IdentifiedArrayOf<Row> = [
      Row(id: 1, title: "Milk"), Row(id: 2, title: "Eggs"), Row(id: 3, title: "Jam"), Row(id: 4, title: "Tea"),
    ]
    #expect(
      ValueDump.dump(rows) == """
        [
          CustomDumpTests.Row(id: 1, title: "Milk"),
          CustomDumpTests.Row(id: 2, title: "Eggs"),
          CustomDumpTests.Row(id: 3, title: "Jam"),
          CustomDumpTests.Row(id: 4, title: "Tea"),
        ]
        """)
    var renamed = rows
    renamed[id: 2]?.title = "Bread"
    #expect(
      ValueDump.diff(rows, renamed) == """
          [
            CustomDumpTests.Row(id: 1, title: "Milk"),
            CustomDumpTests.Row(
              id: 2,
        −     title: "Eggs",
        +     title: "Bread",
            ),
            CustomDumpTests.Row(id: 3, title: "Jam"),
            CustomDumpTests.Row(id: 4, title: "Tea"),
          ]
        """)
  }

  @Test func hooksChooseTheTextButNotEquality() {
    struct Token: CustomDumpStringConvertible, Equatable {
      let secret: String
      var customDumpDescription: String { "Token(•••)" }
    }
    struct Session: CustomDumpReflectable {
      var user: String
      var cache: [String: Int]
      var customDumpMirror: Mirror { Mirror(self, children: ["user": user], displayStyle: .struct) }
    }
    struct Login {
      var token: Token
      var session: Session
    }
    let login = Login(token: Token(secret: "hunter2"), session: Session(user: "blob", cache: ["a": 1]))
    #expect(
      ValueDump.dump(login) == """
        CustomDumpTests.Login(
          token: Token(•••),
          session: CustomDumpTests.Session(user: "blob"),
        )
        """)
    // The hook hides the secret from dumps; equality still compares it.
    #expect(Token(secret: "a") != Token(secret: "b"))
  }
}
