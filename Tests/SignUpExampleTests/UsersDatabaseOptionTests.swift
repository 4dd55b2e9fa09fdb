import Testing
import UsersDatabase

/// `--database`, read in one place for `signup`, `serve` and `users`.
struct UsersDatabaseOptionTests {
  @Test func theOptionIsTakenOutWhereverItIsAndTheLastOneWins() throws {
    var arguments = ["--port", "0", "--database", "a.sqlite", "--host", "::1", "--database", "b.sqlite"]
    #expect(try UsersDatabasePath.takeOption(from: &arguments) == "b.sqlite")
    #expect(arguments == ["--port", "0", "--host", "::1"])
    var none = ["--plain"]
    #expect(try UsersDatabasePath.takeOption(from: &none) == nil)
    #expect(none == ["--plain"])
  }

  @Test func anOptionWithoutAPathIsAProblemNamingIt() {
    for arguments in [["--database"], ["--database", "--plain"]] {
      var arguments = arguments
      let problem = #expect(throws: UsersDatabasePath.Problem.self) {
        try UsersDatabasePath.takeOption(from: &arguments)
      }
      #expect(problem?.message == "--database needs a file path")
    }
  }

  @Test func theResolvedPathFollowsTheOptionThenTheEnvironmentThenTheHome() throws {
    let environment = ["HOME": "/home/ann", "BRAID_USERS_DB": "/srv/users.sqlite"]
    #expect(try UsersDatabasePath.resolve(option: "x.sqlite", environment: environment).path == "x.sqlite")
    #expect(try UsersDatabasePath.resolve(option: nil, environment: environment).path == "/srv/users.sqlite")
    #expect(
      try UsersDatabasePath.resolve(option: nil, environment: ["HOME": "/home/ann"]).path
        == "/home/ann/.local/share/braid/users.sqlite")
    let problem = #expect(throws: UsersDatabasePath.Problem.self) {
      try UsersDatabasePath.resolve(option: ":memory:", environment: environment)
    }
    #expect(problem?.message.hasPrefix("--database: ") == true)
  }
}
