import BraidTools
import Testing

/// A command's option parsed by a helper with errors of its own becomes a usage error that says
/// what the helper threw, or the value it read.
struct CommandErrorTests {
  struct MissingValue: Error, CustomStringConvertible {
    var description: String { "--database needs a file path" }
  }

  @Test func aHelpersErrorBecomesAUsageErrorWithItsText() {
    #expect(throws: CommandError.usage("--database needs a file path")) {
      try CommandError.usageOnFailure { () throws(MissingValue) -> String in throw MissingValue() }
    }
    #expect(CommandError.usage("x").exitStatus == 64)
  }

  @Test func aHelpersValueIsReturned() throws {
    var arguments = ["--database", "users.sqlite", "--plain"]
    let path = try CommandError.usageOnFailure { () throws(MissingValue) -> String? in
      guard let index = arguments.firstIndex(of: "--database") else { return nil }
      defer { arguments.removeSubrange(index...(index + 1)) }
      return arguments[index + 1]
    }
    #expect(path == "users.sqlite")
    #expect(arguments == ["--plain"])
  }
}
